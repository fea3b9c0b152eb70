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

/** A page of the frame: its path pattern (`:name` is one segment) and the code family it needs. */
interface FramePageDefinition {
  readonly path: string;
  readonly family?: PageFamily;
  /** Only outside production builds (spec 2): a production server does not know the page. */
  readonly devOnly?: true;
}

/**
 * The frame's pages (spec 2 routes), relative to its base and the optional two-letter language
 * prefix: the one table the frame's router and links and the server's page statuses and preloads
 * read (issue 39).
 */
export const FRAME_PAGES = {
  home: { path: '', family: 'home' },
  blockPage: { path: 'blockPage', family: 'blocked' },
  lotto: { path: 'lotto', family: 'lotto' },
  lottoResults: { path: 'lotto/results', family: 'lotto' },
  lottoDraws: { path: 'lotto/results/:lottoId', family: 'lotto' },
  lottoTickets: { path: 'lotto/tickets', family: 'lotto' },
  lottoGame: { path: 'lotto/game/:lottoId', family: 'lotto' },
  lottoInfo: { path: 'lotto/info/:lottoId', family: 'lotto' },
  promotions: { path: 'promotion', family: 'promotions' },
  promotion: { path: 'promotion/:name', family: 'promotion' },
  // Spec 3: a headless CMS page renders its content without the site chrome.
  headless: { path: 'headless/:cmsPage', family: 'cms' },
  bonus: { path: 'bonus/:cmsPage', family: 'cms' },
  landing: { path: 'landing/:cmsPage', family: 'cms' },
  banner: { path: 'banner', family: 'cms' },
  landingPage: { path: 'landing-page/:landingId', family: 'cms' },
  // The app's entries: they send the player on in the browser.
  mobileAppPromo: { path: 'mobile-app/:promoName' },
  mobileAppBonus: { path: 'mobile-app/bonus/:bonusName' },
  betsOnYourOwn: { path: 'betsonyour/:section', family: 'bets-on-own' },
  testMobileApp: { path: 'test-mobile-app', devOnly: true },
  newApiDemo: { path: 'new-api-demo', devOnly: true },
  // /{lng}/{section}: a CMS section page by its slug (the data decides which exist).
  section: { path: ':section' },
} as const satisfies Record<string, FramePageDefinition>;

export type FramePageName = keyof typeof FRAME_PAGES;

/** A CMS section's or page's slug: lowercase letters, digits and dashes, at most 64. */
export const CMS_SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** What a path under the frame's base names: a page of the table and its parameters. */
export interface FramePageMatch {
  name: FramePageName;
  params: Record<string, string>;
  family: PageFamily | undefined;
  /** The two-letter language prefix, when the path has one. */
  lng: string | undefined;
}

const PATTERNS = Object.entries(FRAME_PAGES).map(([name, page]) => ({
  name: name as FramePageName,
  page: page as FramePageDefinition,
  segments: page.path.split('/').filter(Boolean),
}));

/**
 * The page a path under the frame's base shows ('/en/lotto', '/summer-cup?x=1'), read once per
 * request: a fixed segment beats a parameter (react-router ranks alike), so `promotion` is the
 * promotions page and not a section. Undefined: no page of the table (the frame's 404).
 */
export function matchFramePage(pathUnderBase: string): FramePageMatch | undefined {
  const segments = (pathUnderBase.split(/[?#]/)[0] ?? '').split('/').filter(Boolean);
  const lng = isLanguageCode(segments[0] ?? '') ? segments.shift() : undefined;
  let best:
    | { name: FramePageName; page: FramePageDefinition; params: Record<string, string>; fixed: number }
    | undefined;
  for (const { name, page, segments: pattern } of PATTERNS) {
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let fixed = 0;
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = safeDecode(segment);
        return true;
      }
      fixed += 1;
      return part === segment;
    });
    if (matches && (!best || fixed > best.fixed)) best = { name, page, params, fixed };
  }
  return best && { name: best.name, params: best.params, family: best.page.family, lng };
}

const safeDecode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The family of a path under the frame's base ('/', '/ar', '/en/lotto/game/powerball', with or
 * without a query), or undefined for paths outside the families (unknown ones, the app's entries,
 * sections).
 */
export const pageFamily = (pathname: string): PageFamily | undefined => matchFramePage(pathname)?.family;
