import {
  BONUS_ENDPOINTS,
  CONSOLE_ENDPOINTS,
  type Endpoint,
  endpointPath,
  HUNT_ENDPOINTS,
  LUCKY_DAY_ENDPOINTS,
  type PromoDraft,
  type PromoMechanic,
  promoDraftSchema,
  TOURNAMENT_ENDPOINTS,
  WHEEL_ENDPOINTS,
} from '@promo/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { promotionHeads, promotionPreviews } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { previewTokenHash } from '../domain/promotion-previews.ts';
import { createPromotion, draftStart, promotionVersion, savePromotion } from '../domain/promotion-versions.ts';
import { newPlayer, type Staff, staffSignIn, useTestServer, XHR_HEADERS } from '../testing.ts';

/** An endpoint's address with its path's values and a query (`?a=1&b=2`, or nothing). */
const address = (entry: Endpoint, params: Record<string, string | number>, query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return `${entry.base}${endpointPath(entry, params as never)}${search ? `?${search}` : ''}`;
};

const ACTOR = { staffId: null, name: 'preview.test', address: '127.0.0.1' };
const TEXTS = {
  title: 'Preview only',
  summary: 'A version no player has seen yet.',
  about: ['It is being written in the console.'],
  rules: ['One entry per player.'],
  faq: [{ q: 'Is it live?', a: 'Not yet.' }],
};
/** Far ahead, so every read answers the same whenever the test runs: not started, its first day known. */
const STARTS = '2031-04-01T00:00:00.000Z';
const SCHEDULE = { starts: STARTS, ends: '2031-04-30T20:59:00.000Z' };
const STARTS_S = Date.parse(STARTS) / 1000;
/** An unknown token of the right form. */
const UNKNOWN_TOKEN = 'x'.repeat(32);

/**
 * Every read by promotion id a widget of a promotion page makes: the mechanic whose widget makes
 * it, what the never-published version changes, how it is asked, and what it answers from that
 * version (its currency, prizes, terms or dates).
 */
const READS: Array<{
  read: string;
  mechanic: PromoMechanic;
  draft: Partial<PromoDraft>;
  ask: (id: number, preview?: string) => { method: 'GET' | 'POST'; url: string; payload?: object };
  answer: (id: number) => unknown;
}> = [
  {
    read: 'wheel state',
    mechanic: 'prize-wheel',
    draft: { currencyCode: 'EUR' },
    ask: (id, preview) => ({ method: 'GET', url: address(WHEEL_ENDPOINTS.state, { id }, preview ? { preview } : {}) }),
    answer: (id) => ({ promotionId: id, participating: false, spinsLeft: 0, currencyCode: 'EUR' }),
  },
  {
    read: 'tournament',
    mechanic: 'sport-tournament',
    draft: {},
    ask: (id, preview) => ({
      method: 'GET',
      url: address(TOURNAMENT_ENDPOINTS.tournament, { id }, preview ? { preview } : {}),
    }),
    answer: (id) => ({ id, status: 'upcoming', startsAt: STARTS_S, participants: 0 }),
  },
  {
    read: 'tournament results',
    mechanic: 'casino-tournament',
    draft: {},
    ask: (id, preview) => ({
      method: 'GET',
      url: address(TOURNAMENT_ENDPOINTS.results, { id }, { offset: '0', limit: '10', ...(preview ? { preview } : {}) }),
    }),
    answer: () => ({ total: 0, offset: 0, limit: 10, items: [] }),
  },
  {
    read: 'rating by tickets',
    mechanic: 'crash-tournament',
    draft: {},
    ask: (id, preview) => ({
      method: 'GET',
      url: address(TOURNAMENT_ENDPOINTS.ratingByTickets, { id }, { period: 'week', ...(preview ? { preview } : {}) }),
    }),
    // The answer echoes its period and type, never the token.
    answer: () => ({ period: 'week', ratingType: 'tickets', items: [] }),
  },
  {
    read: 'hunt board',
    mechanic: 'collect-hunt',
    draft: {},
    ask: (id, preview) => ({ method: 'GET', url: address(HUNT_ENDPOINTS.board, { id }, preview ? { preview } : {}) }),
    answer: (id) => ({ promoId: id, setSize: 6, status: 'upcoming', completedCount: 0, me: null }),
  },
  {
    read: 'lucky-day draw',
    mechanic: 'daily-draw',
    draft: {},
    ask: (id, preview) => ({
      method: 'GET',
      url: address(LUCKY_DAY_ENDPOINTS.draw, {}, { promo_id: String(id), ...(preview ? { preview } : {}) }),
    }),
    // Before its start, its first day's draw.
    answer: (id) => ({ promoId: id, day: '2031-04-01', status: 'open', tickets: 0, winners: [] }),
  },
  {
    read: 'bet series table',
    mechanic: 'win-streak',
    draft: {
      currencyCode: 'EUR',
      prizes: [
        { places: '4', kind: 'freebet', amount: '12' },
        { places: '2', kind: 'freebet', amount: '3' },
      ],
    },
    ask: (id, preview) => ({
      method: 'GET',
      url: address(LUCKY_DAY_ENDPOINTS.betSeries, { id }, preview ? { preview } : {}),
    }),
    answer: () => ({
      steps: [
        { wins: 2, prize: { kind: 'freebet', amount: '3', currencyCode: 'EUR' } },
        { wins: 4, prize: { kind: 'freebet', amount: '12', currencyCode: 'EUR' } },
      ],
      progress: null,
    }),
  },
  {
    read: 'weekly jackpot',
    mechanic: 'weekly-jackpot',
    draft: { prizes: [{ places: '1', kind: 'cash', amount: '2500' }] },
    ask: (id, preview) => ({
      method: 'GET',
      url: address(LUCKY_DAY_ENDPOINTS.jackpot, { id }, { currency: 'USD', ...(preview ? { preview } : {}) }),
    }),
    // Its base is the version's first prize; no week drawn before it starts.
    answer: () => ({
      draws: [
        expect.objectContaining({ status: 'open', jackpot: { amount: '2500.00', currencyCode: 'USD' }, tickets: 0 }),
      ],
    }),
  },
  {
    read: 'deposit bonus terms',
    mechanic: 'deposit-match',
    draft: { terms: { percent: 150, maxBonus: '300', minDeposit: '20', wager: 7, validDays: 10 } },
    ask: (id, preview) => ({
      method: 'POST',
      url: address(BONUS_ENDPOINTS.rulesAndTerms, { id }, { currency: 'USD', ...(preview ? { preview } : {}) }),
      payload: {},
    }),
    answer: (id) => ({
      bonusId: id,
      percent: 150,
      maxAmount: '300',
      minDeposit: '20',
      currencyCode: 'USD',
      wager: 7,
      validDays: 10,
      status: null,
    }),
  },
];

describe("a console preview's widgets read the version it shows (issue 40)", () => {
  const server = useTestServer(undefined);
  const db = () => server.database.db;
  let staff: Promise<Staff> | undefined;

  /** A preview link of a version, made as the console makes it: its token. */
  async function previewLink(slug: string, version: number): Promise<string> {
    staff ??= staffSignIn(server, 'support');
    const answer = await server.app.inject({
      method: 'POST',
      url: address(CONSOLE_ENDPOINTS.preview, { slug, version }),
      headers: { ...XHR_HEADERS, cookie: (await staff).cookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const token = new URLSearchParams(answer.json().framePath.split('?')[1]).get('preview');
    if (!token) throw new Error(`no token in ${answer.body}`);
    return token;
  }

  /** A link whose hour has passed. */
  async function expiredLink(slug: string, version: number): Promise<string> {
    const token = await previewLink(slug, version);
    await db()
      .update(promotionPreviews)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(promotionPreviews.tokenHash, previewTokenHash(token)));
    return token;
  }

  /** A promotion of `mechanic` that was never published (version 1, a draft), as the console creates it. */
  async function neverPublished(mechanic: PromoMechanic, change: Partial<PromoDraft>) {
    const start = await draftStart(db(), { mechanic });
    const draft = { ...start, ...change, schedule: SCHEDULE, texts: { en: TEXTS } };
    await transaction(db(), (tx) => createPromotion(tx, ACTOR, draft));
    const [id] = draft.ids;
    if (id === undefined) throw new Error('a new draft has an id');
    return { slug: draft.slug, id };
  }

  const send = (request: { method: 'GET' | 'POST'; url: string; payload?: object }, headers = {}) =>
    server.app.inject({ ...request, headers: { ...XHR_HEADERS, ...headers } });

  test.each(READS)(
    '$read: with the link, the version’s values; without it, or with an expired or unknown link, 404',
    async ({ mechanic, draft, ask, answer }) => {
      const { slug, id } = await neverPublished(mechanic, draft);
      const token = await previewLink(slug, 1);
      const shown = await send(ask(id, token));
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json()).toMatchObject(answer(id) as object);
      // A preview's read is never kept by a shared cache.
      expect(shown.headers['cache-control']).toBe('no-store');
      for (const preview of [undefined, await expiredLink(slug, 1), UNKNOWN_TOKEN]) {
        const refused = await send(ask(id, preview));
        expect([refused.statusCode, refused.json().error], String(preview)).toEqual([404, 'not_found']);
      }
    },
  );

  test("a link reads only its own version's ids: another promotion's id is 404 with it", async () => {
    const { slug } = await neverPublished('prize-wheel', {});
    const token = await previewLink(slug, 1);
    // 137 is the seeded wheel's, published: with a link of another promotion it is not there.
    expect((await send({ method: 'GET', url: address(WHEEL_ENDPOINTS.state, { id: 137 }) })).statusCode).toBe(200);
    const other = await send({ method: 'GET', url: address(WHEEL_ENDPOINTS.state, { id: 137 }, { preview: token }) });
    expect([other.statusCode, other.json().error]).toEqual([404, 'not_found']);
  });

  test('a malformed token is refused by the query check (400), as the preview page refuses it', async () => {
    const bad = await send({ method: 'GET', url: address(HUNT_ENDPOINTS.board, { id: 1 }, { preview: 'short' }) });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'invalid_param']);
  });

  test("a draft of a published promotion: with its link the draft's prizes, as a visitor; without, the published ones", async () => {
    const slug = 'hot-streak';
    const [head] = await db().select().from(promotionHeads).where(eq(promotionHeads.slug, slug));
    if (!head) throw new Error('the seed has hot-streak');
    const published = promoDraftSchema.parse((await promotionVersion(db(), slug, head.latestVersion)).content);
    const [id] = published.ids;
    if (id === undefined) throw new Error('hot-streak has an id');
    const prizes = [{ places: '2', kind: 'freebet' as const, amount: '9' }];
    const version = await transaction(db(), (tx) =>
      savePromotion(tx, ACTOR, slug, { ...published, prizes }, head.latestVersion),
    );
    const token = await previewLink(slug, version);
    // A signed-in player: the published table shows their streak; the preview shows none of it.
    const me = await newPlayer(server);
    const table = (preview?: string) =>
      send(
        { method: 'GET', url: address(LUCKY_DAY_ENDPOINTS.betSeries, { id }, preview ? { preview } : {}) },
        me.headers,
      );
    const live = (await table()).json();
    expect(
      live.steps.map((step: { wins: number; prize: { amount: string } }) => [step.wins, step.prize.amount]),
    ).toEqual([
      [3, '5'],
      [5, '20'],
      [7, '50'],
      [10, '200'],
    ]);
    expect(live.progress).toEqual({ current: 0, best: 0 });
    expect((await table(token)).json()).toEqual({
      steps: [{ wins: 2, prize: { kind: 'freebet', amount: '9', currencyCode: 'USD' } }],
      progress: null,
    });
  });

  const KEY = { 'idempotency-key': 'preview-write-0001' };
  /** The widgets' actions: none takes the token; each still refuses an id no published promotion has. */
  const WRITES: Array<{
    write: string;
    mechanic: PromoMechanic;
    ask: (id: number, preview: string) => { method: 'POST'; url: string; payload: object };
  }> = [
    {
      write: 'join the wheel',
      mechanic: 'prize-wheel',
      ask: (id, preview) => ({ method: 'POST', url: address(WHEEL_ENDPOINTS.join, { id }, { preview }), payload: {} }),
    },
    {
      write: 'spin',
      mechanic: 'prize-wheel',
      ask: (id, preview) => ({ method: 'POST', url: address(WHEEL_ENDPOINTS.spin, { id }, { preview }), payload: {} }),
    },
    {
      write: 'take part in a tournament',
      mechanic: 'sport-tournament',
      ask: (id, preview) => ({
        method: 'POST',
        url: address(TOURNAMENT_ENDPOINTS.participate, { id }, { preview }),
        payload: {},
      }),
    },
    {
      write: 'search the hunt',
      mechanic: 'collect-hunt',
      ask: (id, preview) => ({
        method: 'POST',
        url: address(HUNT_ENDPOINTS.search, { id }, { preview }),
        payload: { spot: 0 },
      }),
    },
    {
      write: 'take a lucky ticket',
      mechanic: 'daily-draw',
      ask: (id, preview) => ({
        method: 'POST',
        url: address(LUCKY_DAY_ENDPOINTS.takeTicket, {}, { preview }),
        payload: { promoId: id, ticketId: 777 },
      }),
    },
    {
      write: 'activate a deposit bonus',
      mechanic: 'deposit-match',
      ask: (id, preview) => ({
        method: 'POST',
        url: address(BONUS_ENDPOINTS.activate, { id }, { preview }),
        payload: { acceptTerms: true, termsVersion: 1 },
      }),
    },
  ];

  test.each(WRITES)(
    '$write with ?preview= is not a preview: 404 for the never-published id',
    async ({ mechanic, ask }) => {
      const { slug, id } = await neverPublished(mechanic, {});
      const token = await previewLink(slug, 1);
      const me = await newPlayer(server);
      const refused = await send(ask(id, token), { ...me.headers, ...KEY });
      expect([refused.statusCode, refused.json().error], refused.body).toEqual([404, 'not_found']);
    },
  );
});
