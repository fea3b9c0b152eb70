import { BONUS_TERMS_VERSION } from '@promo/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { promotions } from '../db/schema.ts';
import { newPlayer, useTestServer } from '../testing.ts';

/**
 * One rule for every promotion action (issue 38): only while its promotion runs. Before its start
 * a 409 not_started, from its end a 409 promotion_ended, each in the request's language; while it
 * runs, neither (the action may still be refused for its own reasons: not joined, not verified…).
 */
const ACTIONS: ReadonlyArray<{ action: string; promotionId: number; path: string; body?: object }> = [
  {
    action: 'join the wheel',
    promotionId: 156,
    path: '/web-api/api/web/promotions/wheel/156/confirm-participation',
  },
  { action: 'spin the wheel', promotionId: 156, path: '/web-api/api/web/promotions/wheel/156/spin', body: {} },
  { action: 'spin all', promotionId: 156, path: '/web-api/api/web/promotions/wheel/156/spin/all', body: {} },
  { action: 'search a hunt', promotionId: 149, path: '/web-api/api/web/promotions/149/hunt/search', body: { spot: 3 } },
  {
    action: 'take part in a tournament',
    promotionId: 181,
    path: '/web-api/participatetournament/181',
  },
  {
    action: 'take a lucky-day ticket',
    promotionId: 116,
    path: '/web-api/external-api/promotions/ticket',
    body: { promoId: 116, ticketId: 12_345 },
  },
  {
    action: 'forecast the match',
    promotionId: 184,
    path: '/web-api/landing/LuckyChanceForm',
    body: { promoId: 184, home: 2, away: 1 },
  },
  { action: 'claim a reward', promotionId: 191, path: '/web-api/api/web/promotions/191/claim' },
  {
    action: 'activate a deposit bonus',
    promotionId: 126,
    path: '/web-api/api/v3/bonuses/126',
    body: { acceptTerms: true, termsVersion: BONUS_TERMS_VERSION },
  },
];

const DAY = 86_400_000;
const STATES = [
  { state: 'not started', startsAt: +1, endsAt: +30, code: 'not_started', ru: 'Эта акция ещё не началась' },
  { state: 'running', startsAt: -1, endsAt: +30, code: null, ru: null },
  { state: 'ended', startsAt: -30, endsAt: -1, code: 'promotion_ended', ru: 'Эта акция завершилась' },
] as const;

describe('every promotion action × not started, running, ended', () => {
  const server = useTestServer(undefined);
  let key = 0;

  for (const { action, promotionId, path, body } of ACTIONS) {
    for (const { state, startsAt, endsAt, code, ru } of STATES) {
      test(`${action}: ${state}`, async () => {
        const now = Date.now();
        await server.database.db
          .update(promotions)
          .set({ startsAt: new Date(now + startsAt * DAY), endsAt: new Date(now + endsAt * DAY) })
          .where(eq(promotions.id, promotionId));
        // A changed promotion drops the cached rows of every process: wait for it to be heard here.
        await new Promise((resolve) => setTimeout(resolve, 50));
        const me = await newPlayer(server);
        key += 1;
        const answer = await me.call(
          'POST',
          path,
          { 'idempotency-key': `status-${process.pid}-${key}`, 'accept-language': 'ru' },
          body ?? {},
        );
        if (code === null) {
          expect(answer.statusCode, answer.body).not.toBe(500);
          expect(['not_started', 'promotion_ended']).not.toContain(answer.json().error);
        } else {
          expect(answer.statusCode, answer.body).toBe(409);
          expect(answer.json()).toMatchObject({ error: code, message: ru });
        }
      });
    }
  }
});
