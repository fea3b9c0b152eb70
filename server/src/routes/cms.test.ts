import { bannersSchema, type CmsBlock, cmsPageSchema } from '@promo/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import ar from '../../locales/ar/common.json' with { type: 'json' };
import en from '../../locales/en/common.json' with { type: 'json' };
import ru from '../../locales/ru/common.json' with { type: 'json' };
import { cmsPages, promoBanners } from '../db/schema.ts';
import { signedInCaller, useTestServer } from '../testing.ts';

const PAGE = '/web-api/bonus-api/page';
const PROMOTION_PAGE = '/web-api/bonus-api/page/promotion';
const BANNERS = '/web-api/api/v3/promotions/banners/data';
/** The seeded project's id: what promotion_service_id answers and the bonus CMS calls name. */
const SERVICE = 'promotion_service_id=285';
const MESSAGES = { en, ru, ar } as const;

/** The block of a page with this id. */
const blockOf = (blocks: readonly CmsBlock[], id: string) => blocks.find((block) => block.id === id)?.props;

describe('CMS pages, landings and banners', () => {
  const server = useTestServer(undefined);
  const get = (url: string) => server.app.inject({ url });

  test('a bonus page in each seeded language, as a block tree; other languages fall back to English', async () => {
    const en = cmsPageSchema.parse((await get(`${PAGE}?type=bonus&slug=welcome&language=en&${SERVICE}`)).json());
    expect(en).toMatchObject({ type: 'bonus', slug: 'welcome', language: 'en', version: 1 });
    expect(en.blocks.map((block) => block.type)).toEqual([
      'hero',
      'countdown',
      'bonusCard',
      'steps',
      'richText',
      'rules',
      'callToAction',
    ]);
    const ar = cmsPageSchema.parse((await get(`${PROMOTION_PAGE}/welcome?language=ar&${SERVICE}`)).json());
    expect(ar.language).toBe('ar');
    expect(ar.title).not.toBe(en.title);
    expect((await get(`${PAGE}?type=bonus&slug=welcome&language=de&${SERVICE}`)).json()).toMatchObject({
      language: 'en',
    });
  });

  test('unknown types and pages are 404; malformed slugs and languages are 400', async () => {
    expect((await get(`${PAGE}?type=casino&slug=welcome&${SERVICE}`)).statusCode).toBe(404);
    expect((await get(`${PAGE}?type=bonus&slug=nothing-here&${SERVICE}`)).statusCode).toBe(404);
    expect((await get(`${PROMOTION_PAGE}/nothing-here?${SERVICE}`)).statusCode).toBe(404);
    expect((await get(`${PAGE}?type=bonus&slug=../etc&${SERVICE}`)).statusCode).toBe(400);
    expect((await get(`${PAGE}?type=bonus&slug=welcome&language=english&${SERVICE}`)).statusCode).toBe(400);
  });

  // Seeded in dollars: the card's 100, the steps' 10, the rich text's 50 and 100, the landing's
  // 50,000 and the hunt banner's 750, each at the rates of converted-sum, to the currency's digits.
  test.each([
    ['USD', { card: '100.00', step: '10.00', deposit: '50.00', pool: '50000.00', banner: '750.00' }],
    ['EUR', { card: '92.00', step: '9.20', deposit: '46.00', pool: '46000.00', banner: '690.00' }],
    ['RUB', { card: '9000.00', step: '900.00', deposit: '4500.00', pool: '4500000.00', banner: '67500.00' }],
    ['mBTC', { card: '1.1000', step: '0.1100', deposit: '0.5500', pool: '550.0000', banner: '8.2500' }],
  ])('money of pages, landings and banners in %s', async (currency, expected) => {
    const money = (amount: string) => ({ amount, currencyCode: currency });
    const welcome = cmsPageSchema.parse(
      (await get(`${PROMOTION_PAGE}/welcome?language=en&currency=${currency}&country=DE&${SERVICE}`)).json(),
    );
    expect(blockOf(welcome.blocks, 'card')?.maxAmount).toEqual(money(expected.card));
    expect(blockOf(welcome.blocks, 'steps')?.amounts).toEqual({ minDeposit: money(expected.step) });
    expect(blockOf(welcome.blocks, 'why')?.amounts).toEqual({
      deposit: money(expected.deposit),
      total: money(expected.card),
    });
    // The same page through the other bonus CMS call, and a landing by its id.
    const byType = cmsPageSchema.parse(
      (await get(`${PAGE}?type=landing&slug=summer-cup&language=ru&currency=${currency}&${SERVICE}`)).json(),
    );
    expect(blockOf(byType.blocks, 'hero')?.amounts).toEqual({ prizePool: money(expected.pool) });
    const landing = cmsPageSchema.parse(
      (await get(`/web-api/api/v3/landings/${byType.id}?language=ar&currency=${currency}`)).json(),
    );
    expect(blockOf(landing.blocks, 'hero')?.amounts).toEqual({ prizePool: money(expected.pool) });
    const banners = bannersSchema.parse((await get(`${BANNERS}?language=en&currency=${currency}`)).json());
    expect(banners.banners.find((banner) => banner.id === 3)?.amounts).toEqual({ topPrize: money(expected.banner) });
  });

  test('without a currency the money is in dollars, as the CMS writes it', async () => {
    const welcome = cmsPageSchema.parse(
      (await get(`${PROMOTION_PAGE}/welcome?language=en&country=CY&${SERVICE}`)).json(),
    );
    expect(blockOf(welcome.blocks, 'card')?.maxAmount).toEqual({ amount: '100.00', currencyCode: 'USD' });
  });

  test('no seeded text names money: every amount is a placeholder its block or banner fills', async () => {
    const rows = await server.database.db.select().from(cmsPages);
    const banners = await server.database.db.select().from(promoBanners);
    // The texts of block props: every string but those of money values (their currency code).
    const strings = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object' && !('currencyCode' in value)
          ? Object.entries(value).flatMap(([key, item]) => (key === 'amounts' ? [] : strings(item)))
          : [];
    const problems: string[] = [];
    const check = (where: string, texts: string[], amounts: unknown) => {
      for (const text of texts) {
        if (/[$€₽]|\bUSD\b|dollar|доллар|دولار/i.test(text)) problems.push(`${where}: names money in "${text}"`);
        for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g)) {
          if (!Object.hasOwn((amounts ?? {}) as object, name ?? '')) problems.push(`${where}: no amount for ${name}`);
        }
      }
    };
    for (const row of rows) {
      check(`${row.type}/${row.slug} ${row.language}`, [row.title, row.description], {});
      const walk = (blocks: CmsBlock[]) => {
        for (const block of blocks) {
          check(`${row.slug} ${row.language} ${block.id}`, strings(block.props), block.props.amounts);
          walk(block.children ?? []);
        }
      };
      walk(row.blocks as CmsBlock[]);
    }
    for (const banner of banners) {
      check(`banner ${banner.id} ${banner.language}`, [banner.title, banner.text], banner.amounts);
    }
    expect(rows.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  test('a page limited to some countries: 200 in them, 404 with its code elsewhere or for no country', async () => {
    const promo = (query: string) => get(`${PROMOTION_PAGE}/crypto-boost?currency=USD&${SERVICE}${query}`);
    expect((await promo('&language=en&country=CY')).statusCode).toBe(200);
    expect((await promo('&language=en&country=ae')).statusCode).toBe(200);
    for (const [language, country] of [
      ['en', '&country=GB'],
      ['ru', '&country=DE'],
      ['ar', ''],
    ] as const) {
      const refused = await promo(`&language=${language}${country}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({
        error: 'not_offered_in_country',
        message: MESSAGES[language].api_error_not_offered_in_country,
      });
    }
    // The same rule through the other bonus CMS call.
    const byType = await get(`${PAGE}?type=bonus&slug=crypto-boost&country=GB&${SERVICE}`);
    expect(byType.json()).toMatchObject({ statusCode: 404, error: 'not_offered_in_country' });
    expect((await get(`${PAGE}?type=bonus&slug=crypto-boost&country=AE&${SERVICE}`)).statusCode).toBe(200);
  });

  test("a signed-in player's country is the server's, whatever the query names", async () => {
    const url = (country: string) =>
      `${PROMOTION_PAGE}/crypto-boost?currency=USD&language=en&${SERVICE}&country=${country}`;
    // demo.uk (GB) names a country where the page is offered: still not offered to them.
    const uk = await signedInCaller(server, 3);
    const refused = await uk.call('GET', url('AE'));
    expect([refused.statusCode, refused.json().error]).toEqual([404, 'not_offered_in_country']);
    // demo.arabic (AE) names one where it is not: offered all the same.
    const arabic = await signedInCaller(server, 1);
    expect((await arabic.call('GET', url('GB'))).statusCode).toBe(200);
    // A visitor's country is the query's.
    expect((await get(url('AE'))).statusCode).toBe(200);
  });

  test.each([
    ['an unknown currency', 'currency=XYZ', 'unknown_currency'],
    ['a malformed currency', 'currency=E1', 'invalid_param'],
    ['an unknown country', 'country=XX', 'unknown_country'],
    ['a withdrawn country code', 'country=UK', 'unknown_country'],
    ['a malformed country', 'country=GBR', 'invalid_param'],
    ['no promotion service', '', 'invalid_param'],
    ['a malformed promotion service', 'promotion_service_id=abc', 'invalid_param'],
  ])('%s is a 400 with its code, in the language asked', async (_, query, code) => {
    const withService = query.startsWith('promotion_service_id') || query === '' ? query : `${query}&${SERVICE}`;
    for (const language of ['en', 'ru', 'ar'] as const) {
      for (const url of [
        `${PROMOTION_PAGE}/welcome?language=${language}&${withService}`,
        `${PAGE}?type=bonus&slug=welcome&language=${language}&${withService}`,
      ]) {
        const refused = await get(url);
        expect(refused.statusCode, url).toBe(400);
        expect(refused.json(), url).toMatchObject({
          error: code,
          message: (MESSAGES[language] as Record<string, string>)[`api_error_${code}`],
        });
      }
    }
    // Landings and banners check their currency and country the same way (no promotion service).
    if (code.startsWith('unknown_')) {
      expect((await get(`/web-api/api/v3/landings/1?language=ru&${query}`)).json()).toMatchObject({ error: code });
    }
    if (query.startsWith('currency=')) {
      expect((await get(`${BANNERS}?language=ru&${query}`)).json()).toMatchObject({ error: code });
    }
  });

  test('promotion_service_id answers the project; the bonus CMS calls refuse any other service with 404', async () => {
    expect((await get('/web-api/bonus-api/promotion_service_id')).json()).toEqual({ promotionServiceId: 285 });
    for (const url of [`${PROMOTION_PAGE}/welcome?language=ru`, `${PAGE}?type=bonus&slug=welcome&language=ru`]) {
      expect((await get(`${url}&promotion_service_id=285`)).statusCode).toBe(200);
      const other = await get(`${url}&promotion_service_id=286`);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({
        error: 'unknown_promotion_service',
        message: ru.api_error_unknown_promotion_service,
      });
    }
  });

  test('a newer version is served', async () => {
    const [first] = await server.database.db
      .insert(cmsPages)
      .values({ type: 'headless', slug: 'terms', language: 'ru', version: 2, title: 'v2', description: '', blocks: [] })
      .returning();
    expect((await get(`${PAGE}?type=headless&slug=terms&language=ru&${SERVICE}`)).json()).toMatchObject({
      version: 2,
      title: 'v2',
    });
    expect(first?.id).toBeGreaterThan(0);
  });

  test('a landing by id in the asked language; banners in order, per language', async () => {
    const landing = cmsPageSchema.parse(
      (await get(`${PAGE}?type=landing&slug=summer-cup&language=en&${SERVICE}`)).json(),
    );
    const byId = cmsPageSchema.parse((await get(`/web-api/api/v3/landings/${landing.id}?language=ru`)).json());
    expect(byId).toMatchObject({ type: 'landing', slug: 'summer-cup', language: 'ru' });
    expect((await get('/web-api/api/v3/landings/999999')).statusCode).toBe(404);
    expect((await get('/web-api/api/v3/landings/abc')).statusCode).toBe(400);
    const banners = bannersSchema.parse((await get(`${BANNERS}?language=ar`)).json());
    expect(banners.banners.map((banner) => banner.id)).toEqual([1, 2, 3]);
    expect(banners.banners[0]?.href).toBe('promotion/spin-wheel');
    expect((await get('/genfiles/cms/promotions/desktop/welcome-hero.svg')).headers['content-type']).toContain(
      'image/svg+xml',
    );
  });

  test('pages and banners are kept until the content changes: a new version and an ended banner show', async () => {
    const { db } = server.database;
    const terms = () => get(`${PAGE}?type=headless&slug=terms&language=ar&${SERVICE}`);
    const before = (await terms()).json();
    await db.insert(cmsPages).values({
      type: 'headless',
      slug: 'terms',
      language: 'ar',
      version: before.language === 'ar' ? before.version + 1 : 1,
      title: 'منشور للتو',
      description: '',
      blocks: [],
    });
    // The kept answer goes with the content notification (every process hears it).
    await vi.waitFor(async () => expect((await terms()).json()).toMatchObject({ language: 'ar', title: 'منشور للتو' }));

    const ids = async () => bannersSchema.parse((await get(`${BANNERS}?language=ar`)).json()).banners.map((b) => b.id);
    expect(await ids()).toEqual([1, 2, 3]);
    const [second] = await db.select().from(promoBanners).where(eq(promoBanners.id, 2));
    await db
      .update(promoBanners)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(promoBanners.id, 2));
    try {
      await vi.waitFor(async () => expect(await ids()).toEqual([1, 3]));
    } finally {
      await db
        .update(promoBanners)
        .set({ endsAt: second?.endsAt ?? null })
        .where(eq(promoBanners.id, 2));
    }
  });
});
