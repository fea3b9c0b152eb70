import type { Locator, Page, Route } from '@playwright/test';
import { expect, FRAME, openByNavigation, test } from './fixtures.ts';

/**
 * Waits for `target` while moving the page's clock past the query back-offs (1 s, then 2 s) and
 * the 10 s request timeout: what the player waits for, without the suite waiting for it too.
 * Needs `page.clock.install()` before the page loads.
 */
async function skipWaits(page: Page, target: Locator, step = 3_000): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(step);
    await expect(target).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 15_000 });
}

/**
 * The page-level client paths, broken every way a network breaks them: the site config (its own
 * fetch, asked for again when the language changes) and a route loader (the promotion's). Each must
 * end in an error page with a retry that recovers once the API is back, with no uncaught error or
 * unhandled rejection (the fixture fails the test on any page error). The pages are reached by a
 * client-side navigation from a server-rendered one: the browser's own calls are what fails (a
 * failure on the server is server-render.spec's). Other loaders share the loader path: they are
 * checked once each, for their wiring (LOADERS below); how each fault becomes an error is the
 * shared client's, unit-tested in shared/api.
 */
const APIS = [
  {
    name: 'site config',
    pattern: '**/promo-frame/bff-api/config/all.json?lang=ru',
    path: `${FRAME}/ru`,
    heading: 'Играйте больше — выигрывайте больше',
  },
  {
    name: 'promotion',
    pattern: '**/web-api/external-api/promotions/**',
    path: `${FRAME}/en/promotion/champions-cup`,
    heading: 'Champions Cup',
  },
];

/** Loaders on the same path as the promotion's: one fault each, for their wiring. */
const LOADERS = [
  {
    name: 'CMS page',
    pattern: '**/web-api/bonus-api/page/promotion/welcome?*',
    path: `${FRAME}/en/bonus/welcome`,
    heading: 'Welcome pack: double your first deposit',
  },
];

const FAULTS: Array<{ name: string; status: string; fault: (route: Route) => Promise<void> | void }> = [
  { name: 'connection abort', status: '503', fault: (route) => route.abort('connectionreset') },
  { name: 'HTTP 500', status: '500', fault: (route) => route.fulfill({ status: 500, body: '' }) },
  {
    name: 'HTTP 503',
    status: '503',
    fault: (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"maintenance"}' }),
  },
  {
    name: 'non-JSON 200',
    status: '502',
    fault: (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>proxy login</html>' }),
  },
  {
    name: 'malformed JSON shape',
    status: '502',
    fault: (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"languages":[{"id":"x"}]}' }),
  },
];

const pageCases = [
  ...APIS.flatMap((api) => FAULTS.map((fault) => ({ api, ...fault }))),
  ...LOADERS.map((api, index) => ({ api, ...(FAULTS[(index + 2) % FAULTS.length] as (typeof FAULTS)[number]) })),
];

for (const { api, name, status, fault } of pageCases) {
  test(`${api.name}: ${name} shows a ${status} page whose retry recovers`, async ({ page, problems }) => {
    problems.allow(/server data error message|route error|Failed to load resource/);
    await page.clock.install();
    let broken = true;
    await page.route(api.pattern, (route) => (broken ? fault(route) : route.continue()));
    await openByNavigation(page, api.path);
    await skipWaits(page, page.getByRole('heading', { level: 1, name: status }));
    await expect(page.getByText('Something went wrong')).toBeVisible();
    broken = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: api.heading })).toBeVisible();
  });
}

for (const api of APIS) {
  test(`${api.name}: a request that never answers times out into a 504 page whose retry recovers`, async ({
    page,
    problems,
  }) => {
    problems.allow(/server data error message|route error|Failed to load resource/);
    await page.clock.install();
    let broken = true;
    await page.route(api.pattern, (route) => (broken ? undefined : route.continue()));
    await openByNavigation(page, api.path);
    // Three attempts (one try, two retries with back-off), each abandoned after 10 s.
    await skipWaits(page, page.getByRole('heading', { level: 1, name: '504' }), 11_000);
    broken = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: api.heading })).toBeVisible();
  });
}

/**
 * The APIs of the pages' sections (promotion mechanics, lottery lists): a failure stays inside its
 * section (the page and its heading stay up) as a notice with a retry that brings the section back.
 */
const SECTION_APIS: Array<{
  name: string;
  pattern: string;
  /** The page, under the frame and its language. */
  path: string;
  /** The region the failure stays in; the lotto pages' failures stand under their heading. */
  region?: string;
  alert: string;
  ready: string;
}> = [
  {
    name: 'tournament results',
    pattern: '**/web-api/tournamentresults/**',
    path: '/promotion/daily-tournament',
    region: 'Leaderboard',
    alert: 'Could not load the tournament.',
    ready: 'table',
  },
  {
    name: 'lucky-day draw',
    pattern: '**/web-api/api/v3/promotions/lucky-day-draw*',
    path: '/promotion/luckyday',
    region: 'Daily lucky draw',
    alert: 'Could not load the draw.',
    ready: '[data-testid="lucky-draw-time"]',
  },
  {
    name: 'hunt board',
    pattern: '**/web-api/api/web/promotions/*/hunt',
    path: '/promotion/winter-hunt',
    region: 'Your collection',
    alert: 'Could not load the hunt.',
    ready: '[data-testid="hunt-album"]',
  },
  {
    name: 'deposit bonus terms',
    pattern: '**/web-api/api/v3/bonuses/*/rules-and-terms*',
    path: '/promotion/bonus200',
    region: 'Your deposit bonus',
    alert: 'Could not load the bonus terms.',
    ready: '[data-testid="bonus-terms"]',
  },
  {
    name: "Eva's favourites",
    pattern: '**/web-api/external-api/evasfavorites/available',
    path: '/promotion/evasfavorites',
    region: "Eva's favourite slots",
    alert: 'Could not load the games.',
    ready: '[data-testid="casino-games"]',
  },
  {
    name: 'bet-series table',
    pattern: '**/web-api/api/web/promotions/*/betseries/table',
    path: '/promotion/crownbet',
    region: 'Winning streak prizes',
    alert: 'Could not load the streak table.',
    ready: 'li',
  },
  {
    name: 'welcome offers',
    pattern: '**/web-api/api/v3/promotions/welcome-bonus*',
    path: '/promotion/casino-sport-welcome-bonus',
    region: 'Choose your welcome bonus',
    alert: 'Could not load the bonus offers.',
    ready: 'button',
  },
  {
    name: 'promo banners',
    pattern: '**/web-api/api/v3/promotions/banners/data*',
    path: '/banner',
    alert: 'Could not load the promotions.',
    ready: '[data-testid="banners"] > li',
  },
  {
    name: 'lotteries on sale',
    pattern: '**/web-api/external-api/lotto/available*',
    path: '/lotto',
    alert: 'Could not load the lotteries.',
    ready: '[data-testid="lottery-list"] > li',
  },
  {
    name: 'lottery results',
    pattern: '**/web-api/api/v3/lotto/results*',
    path: '/lotto/results',
    alert: 'Could not load the lotteries.',
    ready: '[data-testid="lotto-results"] > li',
  },
  {
    name: 'lottery draws',
    pattern: '**/web-api/api/v3/lotto/*/draws*',
    path: '/lotto/results/powerball',
    alert: 'Could not load the lotteries.',
    ready: '[data-testid="lotto-draws"] > li:not([aria-hidden])',
  },
];

/**
 * The section path (a query inside a page): each section once, with the faults in turn, so that
 * every fault meets two sections or more. How each fault becomes an error is the shared client's
 * (unit tests, and the page matrix above); what is per section is the wiring of its notice and retry.
 */
const sectionCases = SECTION_APIS.map((api, index) => ({
  api,
  ...(FAULTS[index % FAULTS.length] as (typeof FAULTS)[number]),
}));

for (const { api, name, fault } of sectionCases) {
  test(`${api.name}: ${name} stays in its section, whose retry recovers`, async ({ page, problems }) => {
    problems.allow(/Failed to load resource/);
    await page.clock.install();
    let broken = true;
    await page.route(api.pattern, (route) => (broken ? fault(route) : route.continue()));
    await openByNavigation(page, `${FRAME}/en${api.path}`);
    const region = api.region ? page.getByRole('region', { name: api.region }) : page.getByRole('main');
    await skipWaits(page, region.getByRole('alert'));
    await expect(region.getByRole('alert')).toHaveText(api.alert);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The message takes the place of the section's loading skeletons: none is left spinning for ever.
    await expect(region.locator('[aria-hidden="true"][class*="skeleton"]')).toHaveCount(0);
    broken = false;
    await region.getByRole('button', { name: 'Try again' }).click();
    await expect(region.getByRole('alert')).toHaveCount(0);
    await expect(region.locator(api.ready).first()).toBeVisible();
  });
}
