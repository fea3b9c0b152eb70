import { CMS_SLUG, FRAME_PAGES, type FramePageMatch } from '@promo/contract';

/**
 * What the server can tell of a frame path from the path alone (spec 2 routes): a page of the
 * route table, a one-segment CMS section whose slug the data decides, or no route at all.
 */
export type FramePath = { kind: 'page' } | { kind: 'section'; slug: string } | { kind: 'unknown' };

/**
 * Classifies a path's page, as `matchFramePage` read it. The developer tools (test-mobile-app,
 * new-api-demo) exist only outside production (spec 2); the server serves production builds, so
 * their paths are unknown here like any other.
 */
export function classifyFramePath(page: FramePageMatch | undefined): FramePath {
  if (!page) return { kind: 'unknown' };
  if ('devOnly' in FRAME_PAGES[page.name]) return { kind: 'unknown' };
  if (page.name !== 'section') return { kind: 'page' };
  const slug = page.params.section ?? '';
  return CMS_SLUG.test(slug) ? { kind: 'section', slug } : { kind: 'unknown' };
}

/**
 * The HTTP status of a frame page: 404 where the server knows there is no page (the frame shows
 * its error page either way); a section is known when the data has a page with its slug.
 */
export async function framePathStatus(
  page: FramePageMatch | undefined,
  sectionExists?: (slug: string) => Promise<boolean>,
): Promise<200 | 404> {
  const path = classifyFramePath(page);
  if (path.kind === 'unknown') return 404;
  if (path.kind === 'page' || !sectionExists) return 200;
  // A failed lookup cannot tell: the frame decides.
  return (await sectionExists(path.slug).catch(() => true)) ? 200 : 404;
}
