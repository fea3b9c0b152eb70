import { mechanicOf, PROMO_REGISTRY, type PromoContent, promotionIndexSchema, promotionSchema } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { welcomeOffers } from '../domain/bonuses.ts';
import { contentProblems as problemsOf } from '../domain/promotion-content.ts';
import { promotionRows, scheduleTime } from '../domain/promotion-rows.ts';
import { promotionStatus, weeklyWindow } from '../domain/promotions.ts';
import { WELCOME_CARD } from '../seed/cms.ts';
import { loadPromoContent } from '../seed/promotion-content.ts';
import { databaseTargets, useTestServer } from '../testing.ts';

/** The content check's lines in English, as the seed reads them. */
const contentProblems = (content: PromoContent) => problemsOf(content).map(({ message }) => message);

describe.each(databaseTargets)('promotions on $name', ({ databaseUrl }) => {
  const server = useTestServer(databaseUrl);
  const get = (key: string, query = '') =>
    server.app.inject({ url: `/web-api/external-api/promotions/${key}${query}` });

  test('every id of the registry is served, valid, under its slug, with the template of its mechanic', async () => {
    for (const entry of PROMO_REGISTRY) {
      for (const id of entry.ids) {
        const response = await get(String(id));
        expect(response.statusCode, `${entry.name} ${id}`).toBe(200);
        const body = promotionSchema.parse(response.json());
        expect(body).toMatchObject({ id, slug: entry.name, template: mechanicOf(body.mechanic).template });
        expect(body.texts.title.length, entry.name).toBeGreaterThan(1);
      }
    }
  });

  test('at any date most promotions run, some are upcoming and the past editions have ended', async () => {
    const statuses = await Promise.all(PROMO_REGISTRY.map(async (entry) => (await get(entry.name)).json().status));
    const count = (status: string) => statuses.filter((s) => s === status).length;
    expect(count('active')).toBeGreaterThan(60);
    expect(count('upcoming')).toBeGreaterThanOrEqual(4);
    expect(count('ended')).toBe(8);
    expect((await get('mlb-2024')).json()).toMatchObject({
      status: 'ended',
      endsAt: Date.parse('2024-10-31T20:59:00Z') / 1000,
    });
    // The spec's example date of a promotion that runs again is its previous edition.
    const fast = (await get('fast-games')).json();
    expect(fast).toMatchObject({ status: 'active', previousEndsAt: Date.parse('2025-06-20T18:59:00Z') / 1000 });
  });

  test('money comes in the asked currency, converted to the cent; the fund sums cash prizes only', async () => {
    const usd = promotionSchema.parse((await get('champions-cup')).json());
    expect(usd.prizes[0]).toEqual({ places: '1', amount: '4000.00', kind: 'cash', currencyCode: 'USD' });
    expect(usd.prizeFund).toEqual({ amount: '7000.00', currencyCode: 'USD' });
    const eur = promotionSchema.parse((await get('champions-cup', '?currency=EUR')).json());
    expect(eur.currencyCode).toBe('EUR');
    expect(eur.prizes.map((prize) => [prize.amount, prize.kind])).toEqual([
      ['3680.00', 'cash'],
      ['1840.00', 'cash'],
      ['920.00', 'cash'],
      ['276.00', 'freebet'],
    ]);
    expect(eur.prizeFund).toEqual({ amount: '6440.00', currencyCode: 'EUR' });
    expect(eur.terms.minStake).toBe('0.92');
    // Free spins and points are counts: never converted, never in the fund.
    const crash = promotionSchema.parse((await get('crash-tournament', '?currency=RUB')).json());
    expect(crash.prizes.at(-1)).toMatchObject({ kind: 'freespins', amount: '40' });
    expect(crash.prizeFund).toEqual({ amount: '315000.00', currencyCode: 'RUB' });
    const valorant = promotionSchema.parse((await get('valorant-rush', '?currency=EUR')).json());
    expect(valorant.prizes.at(-1)).toMatchObject({ kind: 'points', amount: '500' });
    // A ladder's steps are not places: no fund.
    expect(promotionSchema.parse((await get('express-fight')).json())).toMatchObject({
      prizeBasis: 'step',
      prizeFund: null,
    });
    // A currency the server does not know: the promotion's own, and the answer says which.
    expect((await get('champions-cup', '?currency=GBP')).json().currencyCode).toBe('USD');
  });

  test('texts come in the asked language, English when it has none; bad parameters are a 400', async () => {
    const ru = (await get('no-risk-bet', '?lang=ru')).json();
    expect(ru.language).toBe('ru');
    expect(ru.texts.title).toMatch(/[а-я]/i);
    const de = (await get('no-risk-bet', '?lang=de')).json();
    expect(de).toMatchObject({ language: 'en' });
    for (const query of ['?lang=english', '?lang=', '?currency=US%20D', '?currency=<x>']) {
      expect((await get('no-risk-bet', query)).statusCode, query).toBe(400);
    }
  });

  test('server-defined pattern promos are found by slug; unknown and malformed keys are not', async () => {
    expect((await get('summer-page')).json()).toMatchObject({ id: 901, template: 'info' });
    expect((await get('champions-cup')).json()).toMatchObject({ id: 902, template: 'tournament' });
    expect((await get('99999')).statusCode).toBe(404);
    expect((await get('no-such-promo')).statusCode).toBe(404);
    expect((await get('UPPER')).statusCode).toBe(400);
  });

  test('the index has one card per page, running first, then upcoming, then ended, in the asked language', async () => {
    const response = await server.app.inject({ url: '/web-api/external-api/promotions?lang=ar' });
    const { promotions } = promotionIndexSchema.parse(response.json());
    expect(promotions.map((card) => card.slug).sort()).toEqual(
      [...PROMO_REGISTRY.map((entry) => entry.name), 'champions-cup', 'summer-page', 'winter-hunt'].sort(),
    );
    const order = promotions.map((card) => ['active', 'upcoming', 'ended'].indexOf(card.status));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(promotions.find((card) => card.slug === 'spin-wheel')?.title).toBe('أدر العجلة');
    for (const query of ['?lang=xx1', '?currency=%24%24']) {
      const bad = await server.app.inject({ url: `/web-api/external-api/promotions${query}` });
      expect(bad.statusCode, query).toBe(400);
    }
  });

  test('each index card carries the terms and top prize of its summary, in the asked currency', async () => {
    const response = await server.app.inject({ url: '/web-api/external-api/promotions?lang=en&currency=EUR' });
    const cards = promotionIndexSchema.parse(response.json()).promotions;
    const champions = cards.find((card) => card.slug === 'champions-cup');
    expect(champions).toMatchObject({
      currencyCode: 'EUR',
      topPrize: { places: '1', amount: '3680.00', kind: 'cash', currencyCode: 'EUR' },
      terms: { minStake: '0.92' },
    });
    const first = cards.find((card) => card.slug === '1st');
    expect(first?.summary).toContain('{{maxBonus}}');
    expect(first).toMatchObject({ topPrize: null, terms: { maxBonus: '92.00', percent: 100 } });
  });
});

test('status: upcoming before the start, ended at the end, active between', () => {
  const row = { startsAt: new Date('2025-01-01T00:00:00Z'), endsAt: new Date('2025-02-01T00:00:00Z') };
  expect(promotionStatus(row, new Date('2024-12-31T23:59:59Z'))).toBe('upcoming');
  expect(promotionStatus(row, new Date('2025-01-15T00:00:00Z'))).toBe('active');
  expect(promotionStatus(row, new Date('2025-02-01T00:00:00Z'))).toBe('ended');
  expect(promotionStatus({ ...row, endsAt: null }, new Date('2030-01-01T00:00:00Z'))).toBe('active');
});

test('relative schedule times start at a Moscow midnight and end at 23:59; ISO dates stay as they are', () => {
  const now = Date.parse('2026-11-25T01:40:00Z');
  expect(scheduleTime('-2d', now, 'start').toISOString()).toBe('2026-11-22T21:00:00.000Z');
  expect(scheduleTime('+3d', now, 'end').toISOString()).toBe('2026-11-28T20:59:00.000Z');
  expect(scheduleTime('+3h', now, 'start').toISOString()).toBe('2026-11-25T04:00:00.000Z');
  expect(scheduleTime('2024-10-31T23:59:00+03:00', now, 'end').toISOString()).toBe('2024-10-31T20:59:00.000Z');
});

test('a weekly window is open on its day and otherwise names the next one', () => {
  const fridays = { weekdays: [5], from: '00:00', to: '23:59' };
  const wednesday = new Date('2026-11-25T10:00:00Z');
  expect(weeklyWindow(fridays, wednesday)).toEqual({
    open: false,
    startsAt: Date.parse('2026-11-27T00:00:00Z') / 1000,
    endsAt: Date.parse('2026-11-27T23:59:59Z') / 1000,
  });
  expect(weeklyWindow(fridays, new Date('2026-11-27T12:00:00Z'))?.open).toBe(true);
  expect(weeklyWindow(undefined, wednesday)).toBeNull();
});

test('content: every registry name has a file with its ids; the welcome offers agree with their page', () => {
  const contents = loadPromoContent();
  const bySlug = new Map(contents.map((content) => [content.slug, content]));
  for (const entry of PROMO_REGISTRY) expect(bySlug.get(entry.name)?.ids, entry.name).toEqual(entry.ids);
  const welcome = bySlug.get('casino-sport-welcome-bonus');
  const casino = welcomeOffers('USD').find((offer) => offer.bonusId === 2);
  expect({ percent: welcome?.terms.percent, freespins: welcome?.terms.freespins }).toEqual({
    percent: casino?.percent,
    freespins: casino?.freespins,
  });
  // The sports welcome offer: the same on the welcome-bonus answer, the CMS welcome page and 1st.
  const sport = welcomeOffers('USD').find((offer) => offer.bonusId === 1);
  const first = bySlug.get('1st')?.terms;
  expect({ percent: sport?.percent, maxAmount: sport?.maxAmount, wager: sport?.wager }).toEqual({
    percent: WELCOME_CARD.percent,
    maxAmount: WELCOME_CARD.maxAmount,
    wager: WELCOME_CARD.wager,
  });
  expect({ percent: first?.percent, maxBonus: first?.maxBonus, wager: first?.wager }).toEqual({
    percent: WELCOME_CARD.percent,
    maxBonus: WELCOME_CARD.maxAmount,
    wager: WELCOME_CARD.wager,
  });
  // One row per id, dated from the clock.
  const rows = promotionRows(bySlug.get('daily-tournament') as PromoContent, Date.now());
  expect(rows.map((row) => row.id)).toEqual([104, 105]);
});

test('the content check refuses money written as text, unknown placeholders and values a promotion lacks', () => {
  const [sample] = loadPromoContent().filter((content) => content.slug === 'no-risk-bet');
  if (!sample) throw new Error('no-risk-bet content missing');
  // The same rule in every language, so only the rule itself can be at fault.
  const withRule = (rule: string): PromoContent => ({
    ...sample,
    texts: {
      en: { ...sample.texts.en, rules: [rule] },
      ru: { ...sample.texts.ru, rules: [rule] },
      ar: { ...sample.texts.ar, rules: [rule] },
    },
  });
  const english = (content: PromoContent) => contentProblems(content).filter((problem) => problem.startsWith('en:'));
  expect(contentProblems(withRule('Get your stake back, up to {{maxRefund}}.'))).toEqual([]);
  expect(english(withRule('Get up to $25 back.'))[0]).toMatch(/money written as text/);
  expect(english(withRule('Get up to 25 EUR back.'))[0]).toMatch(/money written as text/);
  expect(english(withRule('{{jackpot}} to win'))).toEqual(['en: unknown placeholder {{jackpot}}']);
  expect(english(withRule('{{freespins}} spins'))).toEqual(['en: {{freespins}} but the promotion has no freespins']);
});

test('a translation has the items and the placeholders of the English, and none names money', () => {
  const [sample] = loadPromoContent().filter((content) => content.slug === 'no-risk-bet');
  if (!sample) throw new Error('no-risk-bet content missing');
  const { ru } = sample.texts;
  const withRu = (texts: Partial<PromoContent['texts']['ru']>): PromoContent => ({
    ...sample,
    texts: { ...sample.texts, ru: { ...ru, ...texts } },
  });
  expect(contentProblems(withRu({ rules: [...ru.rules, 'Лишнее правило.'] }))).toEqual([
    `ru: ${ru.rules.length + 1} rules items where English has ${ru.rules.length}`,
  ]);
  // A placeholder the English text lacks (or a missing one) is a mistranslation.
  const extra = contentProblems(withRu({ summary: `${ru.summary} {{maxRefund}}` }));
  expect(extra).toHaveLength(1);
  expect(extra[0]).toMatch(/^ru: ".*" must have the placeholders of its English text/);
  expect(contentProblems(withRu({ summary: `${ru.summary} 500 ₽` }))[0]).toMatch(/^ru: money written as text/);
  const withAr = (summary: string): PromoContent => ({
    ...sample,
    texts: { ...sample.texts, ar: { ...sample.texts.ar, summary } },
  });
  expect(contentProblems(withAr(`${sample.texts.ar.summary} 100 دولار`))[0]).toMatch(/^ar: money written as text/);
  expect(contentProblems(withAr(`${sample.texts.ar.summary} في البطولات الأوروبية`))).toEqual([]);
});

test('a noun after a count agrees with the promotion’s number in Russian and Arabic', () => {
  const [first] = loadPromoContent().filter((content) => content.slug === '1st');
  if (!first) throw new Error('1st content missing');
  expect(first.terms).toMatchObject({ wager: 5, validDays: 30 });
  const faq = (language: 'ru' | 'ar', a: string): PromoContent => ({
    ...first,
    texts: {
      ...first.texts,
      [language]: { ...first.texts[language], faq: [{ q: first.texts[language].faq[0]?.q, a }] },
    },
  });
  expect(contentProblems(faq('ru', 'Отыграйте {{wager}} раз за {{validDays}} дней.'))).toEqual([]);
  expect(contentProblems(faq('ru', 'Отыграйте {{wager}} раз в течение {{validDays}} дней.'))).toEqual([]);
  expect(contentProblems(faq('ru', 'Отыграйте {{wager}} раза за {{validDays}} дня.'))).toEqual([
    'ru: "{{wager}} раза" must read "раз" for 5',
    'ru: "{{validDays}} дня" must read "дней" for 30',
  ]);
  expect(contentProblems(faq('ar', '{{wager}} مرات خلال {{validDays}} يومًا.'))).toEqual([]);
  expect(contentProblems(faq('ar', '{{wager}} مرة خلال {{validDays}} أيام.'))).toEqual([
    'ar: "{{wager}} مرة" must read "مرات" for 5',
    'ar: "{{validDays}} أيام" must read "يومًا" for 30',
  ]);
});

const SCRIPT = { ru: /[а-яё]/i, ar: /[\u0600-\u06ff]/ } as const;
test.each(loadPromoContent().map((content) => [content.slug, content] as const))(
  '%s is written in Russian and in Arabic, item for item',
  (_slug, content) => {
    expect(contentProblems(content)).toEqual([]);
    for (const language of ['ru', 'ar'] as const) {
      const { title, summary, about, rules, faq } = content.texts[language];
      for (const text of [title, summary, ...about, ...rules, ...faq.flatMap(({ q, a }) => [q, a])]) {
        expect(text, language).toMatch(SCRIPT[language]);
        expect(text, language).not.toBe(content.texts.en.summary);
      }
    }
  },
);
