import { isLanguageCode } from '@promo/contract';

/**
 * What the server can tell of a frame path from the path alone (spec 2 routes): a page of the
 * route table, a one-segment CMS section whose slug the data decides, or no route at all.
 */
export type FramePath = { kind: 'page' } | { kind: 'section'; slug: string } | { kind: 'unknown' };

const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** Sections with pages of their own: never a CMS section slug. */
const ONE_SEGMENT = new Set(['blockPage', 'lotto', 'promotion', 'banner']);
/**
 * The developer tools (test-mobile-app, new-api-demo) exist only outside production (spec 2); the
 * server serves production builds, so their paths are unknown here like any other.
 */
const DEV_ONLY = new Set(['test-mobile-app', 'new-api-demo']);
const TWO_SEGMENTS = new Set([
  'lotto/results',
  'lotto/tickets',
  'promotion/*',
  'landing-page/*',
  'mobile-app/*',
  'betsonyour/*',
  'bonus/*',
  'landing/*',
  'headless/*',
]);
const THREE_SEGMENTS = new Set(['lotto/results/*', 'lotto/game/*', 'lotto/info/*', 'mobile-app/bonus/*']);

/** Classifies a path under the frame's base ('/en/lotto', '/summer-cup?x=1'). */
export function classifyFramePath(pathUnderBase: string): FramePath {
  const segments = (pathUnderBase.split(/[?#]/)[0] ?? '').split('/').filter(Boolean);
  if (isLanguageCode(segments[0] ?? '')) segments.shift();
  const [first = '', second, third] = segments;
  switch (segments.length) {
    case 0:
      return { kind: 'page' };
    case 1:
      if (ONE_SEGMENT.has(first)) return { kind: 'page' };
      return SLUG.test(first) && !DEV_ONLY.has(first) ? { kind: 'section', slug: first } : { kind: 'unknown' };
    case 2:
      return TWO_SEGMENTS.has(`${first}/${second}`) || TWO_SEGMENTS.has(`${first}/*`)
        ? { kind: 'page' }
        : { kind: 'unknown' };
    case 3:
      return THREE_SEGMENTS.has(`${first}/${second}/*`) && third ? { kind: 'page' } : { kind: 'unknown' };
    default:
      return { kind: 'unknown' };
  }
}

/**
 * The HTTP status of a frame page: 404 where the server knows there is no page (the frame shows
 * its error page either way); a section is known when the data has a page with its slug.
 */
export async function framePathStatus(
  pathUnderBase: string,
  sectionExists?: (slug: string) => Promise<boolean>,
): Promise<200 | 404> {
  const path = classifyFramePath(pathUnderBase);
  if (path.kind === 'unknown') return 404;
  if (path.kind === 'page' || !sectionExists) return 200;
  // A failed lookup cannot tell: the frame decides.
  return (await sectionExists(path.slug).catch(() => true)) ? 200 : 404;
}
