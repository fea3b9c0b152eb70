import { readFileSync } from 'node:fs';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type FrameLocator,
  type Page,
  type Request,
} from '@playwright/test';
import { PROMO_POPUP_FLAGS, popupFlagKey } from '@promo/contract';
import { activeAccount, DEMO_PASSWORD, demoUser, kindOf, type PlayerKind } from '../../server/src/seed/demo-players.ts';
import { formatMoney } from '../src/shared/lib/format/format-money.ts';

interface ProblemWatch {
  /** Lets console or page errors matching `pattern` pass (the test provokes them on purpose). */
  allow(pattern: RegExp): void;
}

/**
 * Every test ends with no console error and no uncaught page error except those it allowed.
 * Promotional popups count as seen (for visitors and the demo players) unless a test sets
 * `popupsSeen: false`: a popup over the page would stand in the way of what the test does there.
 */
export const test = base.extend<{
  newPlayer: (profile?: PlayerProfile) => Promise<FreshPlayer>;
  problems: ProblemWatch;
  popupsSeen: boolean;
  markPopups: undefined;
  hydratedGoto: undefined;
}>({
  /**
   * A frame page comes rendered from the server and is visible before React has hydrated it: a
   * click then would be lost. page.goto to a frame page returns once it is hydrated, as a player's
   * first tap lands on a page that has finished loading.
   */
  hydratedGoto: [
    async ({ page }, use) => {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        const inFrame = new URL(page.url()).pathname.startsWith(FRAME);
        if (inFrame && options?.waitUntil !== 'domcontentloaded' && options?.waitUntil !== 'commit') {
          await waitForHydration(page).catch(() => undefined);
        }
        return response;
      };
      await use(undefined);
    },
    { auto: true },
  ],
  /**
   * A player of the test's own, made through the operator API: a test that spends, spins, takes,
   * joins or switches does it as this player, so no test depends on what another did before it.
   */
  newPlayer: async ({ request, context, popupsSeen }, use, testInfo) => {
    let made = 0;
    await use(async (profile = PROFILES.dollar) => {
      made += 1;
      const id = `${testInfo.workerIndex}-${testInfo.testId.slice(0, 10)}-${testInfo.retry}-${made}-${Date.now()}`;
      const login = `e2e.${id}`.toLowerCase().slice(0, 64);
      const appToken = `e2e-app-token-${id}`;
      const answer = await request.post('/operator-api/v1/players', {
        headers: OPERATOR_AUTH,
        data: { login, password: DEMO_PASSWORD, appToken, ...profile },
      });
      expect(answer.status(), await answer.text()).toBe(201);
      const { playerId } = (await answer.json()) as { playerId: number };
      // As for the demo players: the promotional popups count as seen unless the test says otherwise.
      if (popupsSeen) await markPopupsSeen(context, [playerId]);
      return { login, appToken, playerId };
    });
  },
  popupsSeen: [true, { option: true }],
  markPopups: [
    async ({ context, popupsSeen }, use) => {
      // The visitor (null) and the seeded demo players (ids up to 12).
      if (popupsSeen) await markPopupsSeen(context, [null, ...Array.from({ length: 12 }, (_, i) => i + 1)]);
      await use(undefined);
    },
    { auto: true },
  ],
  problems: [
    async ({ page }, use) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') seen.push(`console: ${message.text()}`);
      });
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = seen.filter((p) => !allowed.some((pattern) => pattern.test(p)));
      expect(unexpected, 'unexpected console or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Every promotional popup counts as seen for these players (null: the visitor) in pages opened from now on. */
async function markPopupsSeen(context: BrowserContext, ids: ReadonlyArray<number | null>): Promise<void> {
  const keys = PROMO_POPUP_FLAGS.flatMap((flag) => ids.map((id) => popupFlagKey(flag, id)));
  await context.addInitScript((all: string[]) => {
    try {
      for (const key of all) if (localStorage.getItem(key) === null) localStorage.setItem(key, '0');
    } catch {
      // An opaque origin (about:blank) has no storage.
    }
  }, keys);
}

/** Country and accounts of a fresh player (the operator API's body, less the sign-in). */
export type PlayerProfile = PlayerKind;

/** A fresh player: signs in with its login and DEMO_PASSWORD, or in the app with its token. */
export interface FreshPlayer {
  login: string;
  appToken: string;
  playerId: number;
}

/**
 * The kinds of player the tests need, each a seeded demo player's country and accounts
 * (server/src/seed/demo-players.ts); each test gets its own player of a kind (the `newPlayer`
 * fixture), so the demo players' balances stay as seeded.
 */
export const PROFILES = {
  /** demo.wheel's: Cyprus, one dollar account; everything is offered. */
  dollar: kindOf('demo.wheel'),
  /** demo.spinner's: Germany, one euro account. */
  euro: kindOf('demo.spinner'),
  /** demo.arabic's: the United Arab Emirates, one dollar account. */
  emirates: kindOf('demo.arabic'),
  /** demo.uk's: the United Kingdom, where tournaments are not offered; one dollar account. */
  uk: kindOf('demo.uk'),
  /** demo.wallet's: two accounts to switch between, dollars active, euros. */
  wallet: kindOf('demo.wallet'),
} satisfies Record<string, PlayerProfile>;

/** The seeded demo player of this login (its password, app token, country and accounts). */
export { DEMO_PASSWORD, demoUser };

/**
 * What the account bar shows for a player of this kind: the balance of its active account (or of
 * the account in `currencyCode`), in its currency, as a player reads it ("$40.00", "€15.00").
 */
export function shownBalance(
  kind: { accounts: ReadonlyArray<PlayerProfile['accounts'][number]> },
  currencyCode?: string,
): string {
  const account = currencyCode
    ? kind.accounts.find((candidate) => candidate.currencyCode === currencyCode)
    : activeAccount(kind);
  if (!account) throw new Error(`no ${currencyCode} account`);
  return formatMoney(account.amount, account.currencyCode, 'en');
}

export const FRAME = '/promo-frame';

/** What the frame under test was built for (the build writes it, frame/vite.config.ts). */
export function builtFrame(): { backendEnvironment: 'production' | 'stage' | 'local' } {
  return JSON.parse(readFileSync(new URL('../dist/.vite/build-info.json', import.meta.url), 'utf8'));
}

/** Chunks of lazy route modules are named after their page folder by the bundler. */
export const chunkPattern = (name: string) => new RegExp(`/promo-frame/assets/${name}-[\\w-]+\\.js$`);

export async function htmlLangDir(page: Page): Promise<[string, string]> {
  return page.evaluate(() => [document.documentElement.lang, document.documentElement.dir] as [string, string]);
}

/** The demo host with the frame on its own origin (sign-in shares the session cookie). */
export async function openSameSiteDemo(page: Page, framePath?: string): Promise<FrameLocator> {
  await page.goto(`/demo-host/?frame=same-origin${framePath ? `&path=${framePath}` : ''}`);
  await expect(page.locator('#frame-status')).toContainText('connected');
  return page.frameLocator('#promo-frame');
}

/**
 * The demo host on localhost with the frame at `path` from 127.0.0.1: host and frame on different
 * origins, as an operator's site and the frame's domain are; waits until the frame said init.
 */
export async function openCrossOriginDemo(
  page: Page,
  baseURL: string | undefined,
  path: string,
): Promise<FrameLocator> {
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://localhost:${port}/demo-host/?path=${encodeURIComponent(path)}`);
  await expect(page.locator('#frame-status')).toContainText('connected');
  return page.frameLocator('#promo-frame');
}

/** Signs a demo user in through the host's dialog, opened by the frame's account bar. */
export async function signInOnHost(
  page: Page,
  frame: FrameLocator,
  login: string = demoUser('demo.player').login,
): Promise<void> {
  await frame.getByRole('region', { name: 'Your account' }).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to the host site' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Login').fill(login);
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
}

/** Signs the app user in through a mobile-app link (app token cookie) and lands on the promotion. */
export async function openAsAppUser(page: Page, baseURL: string | undefined, appToken: string, promo: string) {
  await page.context().addCookies([{ name: 'app_auth_token', value: appToken, url: baseURL }]);
  await page.goto(`${FRAME}/en/mobile-app/${promo}`);
  await expect(page).toHaveURL(`${FRAME}/en/promotion/${promo}`);
  await expect(page.getByRole('region', { name: 'Your account' }).getByTestId('account-balance')).toBeVisible();
}

/** Requests whose path ends so, recorded from now on. */
export function recordRequests(page: Page, ending: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(ending)) seen.push(request);
  });
  return seen;
}

/** Events of the analytics batches the page posts from now on, as they went over the wire. */
export function analyticsEvents(page: Page) {
  const events: Array<{ name: string; payload: Record<string, unknown> }> = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith('/web-api/analytics/events')) {
      events.push(...(request.postDataJSON()?.events ?? []));
    }
  });
  return events;
}

/** The reference server's demo operator key (README); the e2e server runs outside production. */
export const OPERATOR_AUTH = { authorization: 'Bearer demo-operator-key' };

let settled = 0;
/** A settled single posted by the operator as the sports book would (football, now). */
export async function postSettledBet(
  request: APIRequestContext,
  bet: { playerId: number; currency: string; stake: string; odds: string; payout: string },
): Promise<void> {
  settled += 1;
  const answer = await request.post('/operator-api/v1/settlements', {
    headers: OPERATOR_AUTH,
    data: {
      items: [
        {
          id: `e2e-${Date.now()}-${settled}`,
          kind: 'bet',
          settledAt: new Date(Date.now() - 1000).toISOString(),
          sportId: 1,
          betType: 'single',
          legs: 1,
          ...bet,
        },
      ],
    },
  });
  expect(answer.status()).toBe(200);
  expect((await answer.json()).accepted).toBe(1);
}

/**
 * Until the frame in the demo host's iframe has hydrated: its root (`data-frame-ready`) and every
 * part (`data-frame-settled`), so a link of a part that hydrates late posts its message instead of
 * acting as a plain link.
 */
export async function frameReady(page: Page, iframe = '#promo-frame'): Promise<void> {
  const frame = page.frameLocator(iframe);
  await frame.locator('html[data-frame-ready]').waitFor({ state: 'attached', timeout: 10_000 });
  await frame.locator('html[data-frame-settled]').waitFor({ state: 'attached', timeout: 15_000 });
}

/** Until React has committed the page (`data-frame-ready`) and every part of it has hydrated (`data-frame-settled`). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-frame-ready]').waitFor({ state: 'attached', timeout: 10_000 });
  // Every part of a server-rendered page hydrated (the lazy ones after the root), or 10 s passed.
  await page.locator('html[data-frame-settled]').waitFor({ state: 'attached', timeout: 15_000 });
}

/**
 * Opens `path` as a player reaches it from another page of the frame: the first page comes from
 * the server, `path` is a client-side navigation whose data the browser fetches (where an API
 * failure in the browser can happen).
 */
export async function openByNavigation(page: Page, path: string, from = `${FRAME}/en/blockPage`): Promise<void> {
  await page.goto(from);
  await navigateInApp(page, path.slice(FRAME.length));
}

/** Moves the single-page app to a path under the frame without a reload (a reload would forget an app sign-in). */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `${FRAME}${path}`);
}

/** The site config with the CDN switched on at `mainCdnUrl` (the tests answer the CDN's requests). */
export async function withCdn(page: Page, mainCdnUrl: string): Promise<void> {
  await page.route('**/promo-frame/bff-api/config/all.json*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.globalConfig = { ...body.globalConfig, useCdn: true, mainCdnUrl };
    await route.fulfill({ response, json: body });
  });
}

/** Signs a fresh player of a profile in as the mobile app does, and opens a bonus page as the app's link does. */
export async function openBonusAsAppPlayer(
  page: Page,
  baseURL: string | undefined,
  appToken: string,
  bonusPage: string,
): Promise<void> {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'app_auth_token', value: appToken, url: baseURL }]);
  await page.goto(`${FRAME}/en/mobile-app/bonus/${bonusPage}`);
  await expect(page).toHaveURL(`${FRAME}/en/bonus/${bonusPage}`);
}
