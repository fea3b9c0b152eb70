import type { APIRequestContext, Page } from '@playwright/test';
import { answerHash, resolvePromo } from '@promo/contract';
import { expect, FRAME, test, waitForHydration } from './fixtures.ts';
import { PROMOTION_TABLE } from './promotion-table.ts';

/**
 * Issue 23 / decision 022: every frame page comes from the server rendered with its data, in its
 * language and direction, with the head a search engine and a messenger's link card read; the
 * browser then hydrates it without asking for that data again and without a mismatch.
 */

const LANGUAGES = ['en', 'ru', 'ar'];
const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&');
const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The visible text of some markup: tags and React's text separators out, entities decoded. */
const textOf = (html: string) => decode(html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

interface PromotionTexts {
  texts: { title: string; summary: string };
}

/**
 * The table in slices of ten, each a test of its own: these tests only send requests, and one test
 * per promotion spent most of its time opening the browser page every test gets.
 */
const SLICE = 10;
test.describe('the server HTML of every promotion page', () => {
  for (let start = 0; start < PROMOTION_TABLE.length; start += SLICE) {
    const slice = PROMOTION_TABLE.slice(start, start + SLICE).map(([name]) => name);
    test(`promotions ${start + 1}-${start + slice.length}: title, heading, summary and the link card, in each promotion's own words`, async ({
      request,
    }) => {
      for (const name of slice) await expectServerHtml(request, name);
    });
  }
});

async function expectServerHtml(request: APIRequestContext, name: string): Promise<void> {
  const key = resolvePromo(name)?.serverKey;
  const api = await request.get(`/web-api/external-api/promotions/${key}?lang=en&currency=USD`);
  const { texts } = (await api.json()) as PromotionTexts;
  const page = await request.get(`${FRAME}/en/promotion/${name}`);
  expect(page.status(), name).toBe(200);
  const html = await page.text();
  const site = 'Promotions and bonuses';
  expect(decode(attribute(html, /<title>([^<]*)<\/title>/) ?? ''), name).toBe(`${texts.title} | ${site}`);
  expect(textOf(/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '').trim(), name).toBe(texts.title);
  expect(decode(attribute(html, /<meta name="description" content="([^"]*)"/) ?? ''), name).toBe(texts.summary);
  expect(decode(attribute(html, /<meta property="og:title" content="([^"]*)"/) ?? ''), name).toBe(
    `${texts.title} | ${site}`,
  );
  expect(decode(attribute(html, /<meta property="og:description" content="([^"]*)"/) ?? ''), name).toBe(texts.summary);
  const canonical = attribute(html, /<link rel="canonical" href="([^"]*)"/);
  expect(canonical, name).toMatch(new RegExp(`${FRAME}/en/promotion/${name}$`));
  for (const lang of LANGUAGES) {
    expect(attribute(html, new RegExp(`<link rel="alternate" hreflang="${lang}" href="([^"]*)"`)), name).toMatch(
      new RegExp(`${FRAME}/${lang}/promotion/${name}$`),
    );
  }
  // The page's content, not a splash: the summary is on the page as a player reads it.
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(textOf(root), name).toContain(texts.summary.replace(/\s+/g, ' '));
  expect(html, name).toContain('id="promo-ssr-data"');
}

/** One page of each kind, and one promotion of each template, in a browser. */
const PAGES: Array<{ path: string; heading: RegExp | string; lang?: string; status?: number }> = [
  { path: `${FRAME}/en`, heading: 'Play more, win more' },
  { path: `${FRAME}/en/lotto`, heading: 'World lotteries' },
  { path: `${FRAME}/en/lotto/game/powerball`, heading: /Powerball/ },
  { path: `${FRAME}/en/promotion`, heading: 'Promotions' },
  { path: `${FRAME}/en/bonus/welcome`, heading: /Welcome pack/ },
  // A CMS section (spec 2 /{section}): its path names no page family, its render does.
  { path: `${FRAME}/en/summer-cup`, heading: 'Summer Cup' },
  { path: `${FRAME}/en/blockPage`, heading: /restricted/i },
  { path: `${FRAME}/en/no/such/page`, heading: '404', status: 404 },
  { path: `${FRAME}/ar/promotion/spin-wheel`, heading: /./, lang: 'ar' },
  ...[
    'two-hundred-percentage',
    'no-risk-bet',
    'champions-cup',
    'spin-wheel',
    'luckyday',
    'crownbet',
    'sticker-hunt',
    'sports-stream',
    'license',
  ].map((name) => ({ path: `${FRAME}/en/promotion/${name}`, heading: /./ })),
];

/**
 * The data requests of a page load: the site config (fetched once the page has painted, decision
 * 023) and any request for data the server already put into the page.
 */
const dataRequests = (page: Page) => {
  const seen = { configs: [] as string[], refetches: [] as string[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/config\/all\.json$/.test(url.pathname)) seen.configs.push(url.pathname + url.search);
    // The footer's details (config parts, the time zones' cities) come with the page too.
    if (/\/external-api\/promotions|\/lotto\/available|\/config\/part\/|\/GetTimezones/.test(url.pathname)) {
      seen.refetches.push(url.pathname);
    }
  });
  return seen;
};

test.describe('hydration of server-rendered pages', () => {
  test.describe.configure({ timeout: 60_000 });

  for (const { path, heading, lang = 'en', status = 200 } of PAGES) {
    test(`${path}: content without JavaScript, then hydrated with no mismatch and no second fetch`, async ({
      page,
      browser,
      problems,
    }) => {
      if (status === 404) problems.allow(/status of 404|route error/);
      // Without JavaScript the page is already there, in its language and direction.
      const plain = await browser.newContext({ javaScriptEnabled: false });
      const noScript = await plain.newPage();
      const answer = await noScript.goto(path);
      expect(answer?.status()).toBe(status);
      await expect(noScript.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      expect(await noScript.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        lang,
        lang === 'ar' ? 'rtl' : 'ltr',
      ]);
      // It names the config it was rendered with by its answer's hash: the browser takes that answer
      // without checking it again (decision 023), so the hash must be the config route's ETag's.
      const data = JSON.parse((await noScript.locator('#promo-ssr-data').textContent()) ?? '{}');
      const config = await noScript.request.get(`/promo-frame/bff-api/config/all.json?lang=${lang}`, {
        headers: { 'accept-encoding': 'br' },
      });
      expect(data.withConfig).toBe(true);
      expect(data.configHash).toBe(answerHash(config.headers().etag));
      // A page with the footer has its details in the HTML: the licence is there without JavaScript.
      if (await noScript.locator('footer').count()) {
        await expect(noScript.getByTestId('licence')).toContainText('Curaçao Gaming Control Board');
        await expect(noScript.getByTestId('responsible-gaming')).toBeVisible();
      }
      await plain.close();

      const hydrationLogs: string[] = [];
      page.on('console', (message) => {
        if (/hydrat|Minified React error #4(18|19|21|23|25)/i.test(message.text())) hydrationLogs.push(message.text());
      });
      const requests = dataRequests(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      // Hydrated: React has taken the container over, and the network is quiet.
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(hydrationLogs).toEqual([]);
      // The config once, in the page's language (its preload and the frame's fetch are one
      // request); the page's own data not at all.
      expect(requests.configs).toEqual([`/promo-frame/bff-api/config/all.json?lang=${lang}`]);
      expect(requests.refetches).toEqual([]);
    });
  }
});

/**
 * A page the cache kept (decision 044) reaches a browser up to its maximum age after its render,
 * and a phone's clock may be off by more: every page type with a countdown or a date hydrates
 * with no mismatch when the browser's clock is a minute past the render's. Its countdowns hydrate
 * from the render clock the page carries, then move to the browser's.
 */
test('pages hydrate with no mismatch when the browser reads them a minute after their render', async ({ page }) => {
  test.setTimeout(90_000);
  const hydrationLogs: string[] = [];
  page.on('console', (message) => {
    if (/hydrat|Minified React error #4(18|19|21|23|25)/i.test(message.text())) hydrationLogs.push(message.text());
  });
  await page.clock.install({ time: Date.now() + 61_000 });
  // The pages with countdowns and dates: a promotion of each template and a lottery's next draw.
  const paths = PAGES.filter(({ path }) => path.includes('/en/promotion/') || path.includes('/lotto/game/')).map(
    ({ path }) => path,
  );
  for (const path of paths) {
    await page.goto(path);
    await waitForHydration(page);
    expect(hydrationLogs, path).toEqual([]);
  }
});
