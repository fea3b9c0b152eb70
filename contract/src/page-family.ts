import { isLanguageCode } from './languages.ts';

/**
 * Page families: the frame's route code a page needs on first paint. The server preloads a
 * family's code with the page; the frame prefetches the likely next families while idle.
 */
export const PAGE_FAMILIES = [
  'home',
  'lotto',
  'promotions',
  'promotion',
  'cms',
  'blocked',
  'bets-on-own',
  // No path's: the family of a page whose route failed (a 404, an API error), which the server
  // learns from its render.
  'error',
] as const;
export type PageFamily = (typeof PAGE_FAMILIES)[number];

/** Sections served by the CMS page code: the CMS page types, landing pages and the banner page. */
const CMS_SECTIONS = new Set(['bonus', 'landing', 'headless', 'landing-page', 'banner']);

/**
 * The family of a path under the frame's base ('/', '/ar', '/en/lotto/game/powerball', with or
 * without a query), or undefined for paths outside the families (unknown ones, the app's sign-in).
 */
export function pageFamily(pathname: string): PageFamily | undefined {
  const segments = (pathname.split(/[?#]/)[0] ?? '').split('/').filter(Boolean);
  if (isLanguageCode(segments[0] ?? '')) segments.shift();
  const [section = '', name] = segments;
  if (section === '') return 'home';
  // promotion/ alone is the index of promotions; promotion/{name} one promotion.
  if (section === 'promotion') return name === undefined ? 'promotions' : 'promotion';
  if (section === 'lotto') return section;
  if (section === 'blockPage') return 'blocked';
  if (section === 'betsonyour') return 'bets-on-own';
  return CMS_SECTIONS.has(section) ? 'cms' : undefined;
}
