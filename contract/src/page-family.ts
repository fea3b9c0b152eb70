import { isLanguageCode } from './languages.ts';

/**
 * Page families: the frame's route code a page needs on first paint. The server preloads a
 * family's code with the page; the frame prefetches the likely next families while idle.
 */
export const PAGE_FAMILIES = ['home', 'lotto', 'promotion', 'cms', 'blocked'] as const;
export type PageFamily = (typeof PAGE_FAMILIES)[number];

/** Sections served by the CMS page code: the CMS page types, landing pages and the banner page. */
const CMS_SECTIONS = new Set(['bonus', 'landing', 'headless', 'landing-page', 'banner']);

/**
 * The family of a path under the frame's base ('/', '/ar', '/en/lotto/game/powerball', with or
 * without a query), or undefined for pages outside the families (error, placeholders).
 */
export function pageFamily(pathname: string): PageFamily | undefined {
  const [first = '', second = ''] = (pathname.split(/[?#]/)[0] ?? '').split('/').filter(Boolean);
  const section = isLanguageCode(first) ? second : first;
  if (section === '') return 'home';
  if (section === 'lotto' || section === 'promotion') return section;
  if (section === 'blockPage') return 'blocked';
  return CMS_SECTIONS.has(section) ? 'cms' : undefined;
}
