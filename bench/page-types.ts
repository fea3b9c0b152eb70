import type { PageFamily } from '@promo/contract';

/**
 * Page types of the frame and the page family (contract PAGE_FAMILIES) whose code each one loads on
 * first paint, as the server preloads it (frame/dist/.vite/page-preloads.json).
 */
/** One promotion per template (all share the promotion route module; their data and art differ). */
const PROMO_OF_TEMPLATE: Record<string, string> = {
  'deposit-bonus': 'two-hundred-percentage',
  'free-bet': 'no-risk-bet',
  tournament: 'champions-cup',
  'prize-wheel': 'spin-wheel',
  'lucky-day': 'luckyday',
  'bet-series': 'crownbet',
  hunt: 'sticker-hunt',
  broadcast: 'sports-stream',
  info: 'license',
};

export const PAGE_TYPES: Record<string, { path: string; family: PageFamily }> = {
  // The index route's home page (a CMS section at /{section} loads the CMS page code instead).
  home: { path: '/promo-frame/', family: 'home' },
  'lotto-list': { path: '/promo-frame/lotto', family: 'lotto' },
  'lotto-game': { path: '/promo-frame/lotto/game/powerball', family: 'lotto' },
  ...Object.fromEntries(
    Object.entries(PROMO_OF_TEMPLATE).map(([template, name]) => [
      `promo ${template}`,
      { path: `/promo-frame/promotion/${name}`, family: 'promotion' },
    ]),
  ),
  'cms-page': { path: '/promo-frame/bonus/welcome', family: 'cms' },
  error: { path: '/promo-frame/en/no/such/page', family: 'error' },
  blocked: { path: '/promo-frame/blockPage', family: 'blocked' },
};

/**
 * docs/performance.md budgets in brotli bytes. Its KB is 1024 bytes: the React-only floor it lists
 * (57.0 brotli, 66.2 gzip) is what this bench measures in KiB (56.9, 66.1), not in 1000-byte KB.
 */
export const BUDGETS = {
  initialJs: 120 * 1024,
  lazyChunk: 40 * 1024,
  css: 20 * 1024,
  /** A page's first view: every JS file its HTML loads to hydrate (../shared/PERFORMANCE.md). */
  firstViewJs: 100 * 1024,
  /** A server-rendered page's HTML, brotli (docs/performance.md). */
  html: 30 * 1024,
} as const;
