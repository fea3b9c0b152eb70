import { BONUS_ENDPOINTS, type DailyTakeKind, type FirstBonusChoice, IDEMPOTENCY_KEY_HEADER } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, userQueryKey } from '../../../shared/api/index.ts';

/** GET welcome-bonus: the first-deposit offers in a currency (public). */
export const welcomeBonusQuery = (currency: string) =>
  queryOptions({
    queryKey: ['welcome-bonus', currency],
    queryFn: ({ signal, client }) =>
      callEndpoint(BONUS_ENDPOINTS.welcomeBonus, { params: {}, query: { currency }, signal, client }, null),
    staleTime: 5 * 60_000,
  });

/** POST GetTypeFirstBonus: the player's current choice. */
export const firstBonusQuery = (userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'first-bonus'),
    queryFn: ({ signal, client }) =>
      callEndpoint(BONUS_ENDPOINTS.getFirstBonus, { params: {}, body: {}, signal, client }),
  });

/** POST SetTypeFirstBonus: records the choice once per key. */
export const setFirstBonus = (idempotencyKey: string, bonusId: FirstBonusChoice) =>
  callEndpoint(BONUS_ENDPOINTS.setFirstBonus, {
    params: {},
    body: { bonus_id: bonusId },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/** GET daily-freebet-or-freespin: today's offers and what was taken. */
export const dailyTakeQuery = (userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'daily-take'),
    queryFn: ({ signal, client }) => callEndpoint(BONUS_ENDPOINTS.dailyTake, { params: {}, signal, client }),
  });

/** POST take-freebet / take-freespin: one take per day, once per key. */
export const takeDaily = (idempotencyKey: string, kind: DailyTakeKind) =>
  callEndpoint(kind === 'freebet' ? BONUS_ENDPOINTS.takeFreebet : BONUS_ENDPOINTS.takeFreespin, {
    params: {},
    body: {},
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/**
 * POST bonuses/{id}/rules-and-terms: a deposit bonus's terms (in the player's currency, or the
 * asked one for a visitor) and the player's state of it. With a console preview link's token, the
 * previewed version's terms as a visitor reads them, keyed apart.
 */
export const depositBonusQuery = (bonusId: number, userId: number | null, currency: string, preview?: string) =>
  queryOptions({
    queryKey: preview
      ? ['deposit-bonus', bonusId, currency, { preview }]
      : userId === null
        ? ['deposit-bonus', bonusId, currency]
        : userQueryKey(userId, 'deposit-bonus', bonusId),
    queryFn: ({ signal, client }) =>
      callEndpoint(
        BONUS_ENDPOINTS.rulesAndTerms,
        { params: { id: bonusId }, query: { currency, preview }, body: {}, signal, client },
        preview ? null : userId,
      ),
    staleTime: 60_000,
  });

/** POST bonuses/{id}: activates the bonus for the next deposit on the terms read; once per key. */
export const activateDepositBonus = (idempotencyKey: string, bonusId: number, termsVersion: number) =>
  callEndpoint(BONUS_ENDPOINTS.activate, {
    params: { id: bonusId },
    body: { acceptTerms: true, termsVersion },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
