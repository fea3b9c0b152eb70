import { afterEach, describe, expect, test, vi } from 'vitest';
import { utcDay } from '../domain/time.ts';
import { seedDictionaries } from '../seed/index.ts';
import { DEMO_OPERATOR_KEY } from '../settings.ts';
import { signedInCaller, type TestServer, useTestServer } from '../testing.ts';

const KEY = 'idempotency-key';
const RU = { 'accept-language': 'ru-RU,ru;q=0.9' };
const russian = seedDictionaries.ru ?? {};

type Caller = Awaited<ReturnType<typeof signedInCaller>>;
interface Refusal {
  /** The demo player who asks (by index), already in the state that makes the call a refusal. */
  player: 0 | 1 | 2 | 3 | 4;
  prepare?: (me: Caller, server: TestServer) => Promise<unknown>;
  call: (
    me: Caller,
    server: TestServer,
  ) => Promise<{ statusCode: number; json: () => { error: string; message: string } }>;
  status: number;
  code: string;
  params?: Record<string, string | number>;
  /** The moment the refusal is asked at, where the mechanic depends on the time of day. */
  at?: () => Date;
}

const post = (me: Caller, url: string, key: string, body: object = {}) =>
  me.call('POST', url, { ...RU, [KEY]: key }, body);
const WHEEL = '/web-api/api/web/promotions/wheel/137';
const DAILY = '/web-api/api/internal/bonus/daily-freebet-or-freespin';

/** Every mechanic refuses a player it cannot serve with a code and a message in the player's language. */
const REFUSALS: Record<string, Refusal> = {
  'wheel: a spin before taking part': {
    player: 3,
    call: (me) => post(me, `${WHEEL}/spin`, 'refuse-wheel-0001'),
    status: 409,
    code: 'not_joined',
  },
  'daily gift: a second take the same day': {
    player: 3,
    prepare: (me) => post(me, `${DAILY}/take-freebet`, 'refuse-daily-0001'),
    call: (me) => post(me, `${DAILY}/take-freespin`, 'refuse-daily-0002'),
    status: 409,
    code: 'already_taken',
  },
  'first bonus: a choice without a session': {
    player: 0,
    call: (_me, server) =>
      server.app.inject({
        method: 'POST',
        url: '/web-api/promotions/SetTypeFirstBonus',
        headers: { ...RU, 'x-requested-with': 'XMLHttpRequest', [KEY]: 'refuse-first-0001' },
        payload: { bonus_id: 1 },
      }),
    status: 401,
    code: 'session_invalid',
  },
  'tournament: a player from a country without tournaments': {
    player: 3,
    call: (me) => post(me, '/web-api/participatetournament/104', 'refuse-tour-0001'),
    status: 403,
    code: 'tournament_region',
  },
  'lucky day: a second ticket the same day': {
    player: 4,
    // Today's draw takes tickets until 20:00 UTC: asked in the morning, whatever the clock says.
    at: () => new Date(`${utcDay(new Date())}T09:00:00Z`),
    prepare: (me) =>
      post(me, '/web-api/external-api/promotions/ticket', 'refuse-lucky-0001', { promoId: 116, ticketId: 424242 }),
    call: (me) =>
      post(me, '/web-api/external-api/promotions/ticket', 'refuse-lucky-0002', { promoId: 116, ticketId: 434343 }),
    status: 409,
    code: 'already_ticket',
    params: { ticket: 424242 },
  },
  'hunt: a search in an ended hunt': {
    player: 1,
    call: (me) => post(me, '/web-api/api/web/promotions/171/hunt/search', 'refuse-hunt-0001', { spot: 1 }),
    status: 409,
    code: 'promotion_ended',
  },
  'lottery: a line that is not a Powerball line': {
    player: 2,
    call: (me) =>
      post(me, '/web-api/api/v3/lotto/tickets', 'refuse-lotto-0001', {
        code: 'powerball',
        lines: [{ main: [1, 1, 2, 3, 4], bonus: [6] }],
        kind: 'default',
      }),
    status: 400,
    code: 'invalid_line',
    params: { line: 1, lottery: 'Powerball' },
  },
  'verification reward: an account not verified': {
    player: 2,
    call: (me) => post(me, '/web-api/api/web/promotions/191/claim', 'refuse-claim-0001'),
    status: 403,
    code: 'not_verified',
  },
  'lucky chance: a promotion without a match': {
    player: 2,
    call: (me) => post(me, '/web-api/landing/LuckyChanceForm', 'refuse-chance-001', { promoId: 104, home: 1, away: 0 }),
    status: 404,
    code: 'not_found',
  },
  'operator feed: a settlement of an unknown player': {
    player: 0,
    call: (_me, server) =>
      server.app.inject({
        method: 'POST',
        url: '/operator-api/v1/settlements',
        headers: { ...RU, authorization: `Bearer ${DEMO_OPERATOR_KEY}` },
        payload: {
          items: [
            {
              id: 'refuse-feed-1',
              playerId: 999_999,
              kind: 'round',
              settledAt: new Date().toISOString(),
              currency: 'USD',
              stake: '1',
              payout: '0',
              game: 'aviator',
              category: 'crash',
            },
          ],
        },
      }),
    status: 422,
    code: 'unknown_player',
  },
  'idempotency: one key for two different calls': {
    player: 4,
    prepare: (me) => post(me, `${DAILY}/take-freebet`, 'refuse-reuse-0001'),
    call: (me) => post(me, `${WHEEL}/spin`, 'refuse-reuse-0001'),
    status: 422,
    code: 'key_reused',
  },
};

describe('refusals read in the player’s language', () => {
  const server = useTestServer(undefined);

  afterEach(() => vi.useRealTimers());

  test.each(Object.entries(REFUSALS))('%s', async (_name, refusal) => {
    if (refusal.at) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(refusal.at());
    }
    const me = await signedInCaller(server, refusal.player);
    await refusal.prepare?.(me, server);
    const answer = await refusal.call(me, server);
    const expected = (russian[`api_error_${refusal.code}`] ?? '').replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
      String(refusal.params?.[name] ?? ''),
    );
    expect(expected).not.toBe('');
    expect([answer.statusCode, answer.json().error, answer.json().message]).toEqual([
      refusal.status,
      refusal.code,
      expected,
    ]);
  });
});
