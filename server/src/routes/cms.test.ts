import { bannersSchema, cmsPageSchema } from '@promo/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { cmsPages, promoBanners } from '../db/schema.ts';
import { useTestServer } from '../testing.ts';

const PAGE = '/web-api/bonus-api/page';

describe('CMS pages, landings and banners', () => {
  const server = useTestServer(undefined);
  const get = (url: string) => server.app.inject({ url });

  test('a bonus page in each seeded language, as a block tree; other languages fall back to English', async () => {
    const en = cmsPageSchema.parse((await get(`${PAGE}?type=bonus&slug=welcome&language=en&currency=USD`)).json());
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
    const ar = cmsPageSchema.parse((await get(`${PAGE}?type=bonus&slug=welcome&language=ar`)).json());
    expect(ar.language).toBe('ar');
    expect(ar.title).not.toBe(en.title);
    expect((await get(`${PAGE}?type=bonus&slug=welcome&language=de`)).json()).toMatchObject({ language: 'en' });
  });

  test('unknown types and pages are 404; malformed slugs and languages are 400', async () => {
    expect((await get(`${PAGE}?type=casino&slug=welcome`)).statusCode).toBe(404);
    expect((await get(`${PAGE}?type=bonus&slug=nothing-here`)).statusCode).toBe(404);
    expect((await get(`${PAGE}?type=bonus&slug=../etc`)).statusCode).toBe(400);
    expect((await get(`${PAGE}?type=bonus&slug=welcome&language=english`)).statusCode).toBe(400);
  });

  test('a newer version is served; promotion pages respect their countries', async () => {
    const [first] = await server.database.db
      .insert(cmsPages)
      .values({ type: 'headless', slug: 'terms', language: 'ru', version: 2, title: 'v2', description: '', blocks: [] })
      .returning();
    expect((await get(`${PAGE}?type=headless&slug=terms&language=ru`)).json()).toMatchObject({
      version: 2,
      title: 'v2',
    });
    expect(first?.id).toBeGreaterThan(0);
    const promo = (country: string) =>
      get(`/web-api/bonus-api/page/promotion/crypto-boost?language=en&currency=USD&country=${country}`);
    expect((await promo('CY')).statusCode).toBe(200);
    expect((await promo('ae')).statusCode).toBe(200);
    expect((await promo('GB')).statusCode).toBe(404);
    expect((await promo('GBR')).statusCode).toBe(400);
  });

  test('a landing by id in the asked language; banners in order, per language', async () => {
    const landing = cmsPageSchema.parse((await get(`${PAGE}?type=landing&slug=summer-cup&language=en`)).json());
    const byId = cmsPageSchema.parse((await get(`/web-api/api/v3/landings/${landing.id}?language=ru`)).json());
    expect(byId).toMatchObject({ type: 'landing', slug: 'summer-cup', language: 'ru' });
    expect((await get('/web-api/api/v3/landings/999999')).statusCode).toBe(404);
    expect((await get('/web-api/api/v3/landings/abc')).statusCode).toBe(400);
    const banners = bannersSchema.parse((await get('/web-api/api/v3/promotions/banners/data?language=ar')).json());
    expect(banners.banners.map((banner) => banner.id)).toEqual([1, 2, 3]);
    expect(banners.banners[0]?.href).toBe('promotion/spin-wheel');
    expect((await get('/genfiles/cms/promotions/desktop/welcome-hero.svg')).headers['content-type']).toContain(
      'image/svg+xml',
    );
  });

  test('pages and banners are kept until the content changes: a new version and an ended banner show', async () => {
    const { db } = server.database;
    const terms = () => get(`${PAGE}?type=headless&slug=terms&language=ar`);
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

    const ids = async () =>
      bannersSchema
        .parse((await get('/web-api/api/v3/promotions/banners/data?language=ar')).json())
        .banners.map((b) => b.id);
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
