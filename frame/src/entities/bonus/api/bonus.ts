import {
  BONUS_PATHS,
  type DailyTakeKind,
  dailyTakeStateSchema,
  depositBonusSchema,
  type FirstBonusChoice,
  firstBonusChoiceSchema,
  IDEMPOTENCY_KEY_HEADER,
  welcomeBonusSchema,
} from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, publicRequest, requestAs, userQueryKey } from '../../../shared/api/index.ts';

/** The header of a once-per-key call. */

/** GET welcome-bonus: the first-deposit offers in a currency (public). */
export const welcomeBonusQuery = (currency: string) =>
  queryOptions({
    queryKey: ['welcome-bonus', currency],
    queryFn: ({ signal }) =>
      publicRequest(`${BONUS_PATHS.welcomeBonus}?currency=${encodeURIComponent(currency)}`, welcomeBonusSchema, {
        signal,
      }),
    staleTime: 5 * 60_000,
  });

/** POST GetTypeFirstBonus: the player's current choice. */
export const firstBonusQuery = (userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'first-bonus'),
    queryFn: ({ signal }) =>
      apiRequest(BONUS_PATHS.getFirstBonus, firstBonusChoiceSchema, { method: 'POST', body: {}, signal }),
  });

/** POST SetTypeFirstBonus: records the choice once per key. */
export const setFirstBonus = (idempotencyKey: string, bonusId: FirstBonusChoice) =>
  apiRequest(BONUS_PATHS.setFirstBonus, firstBonusChoiceSchema, {
    method: 'POST',
    body: { bonus_id: bonusId },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/** GET daily-freebet-or-freespin: today's offers and what was taken. */
export const dailyTakeQuery = (userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'daily-take'),
    queryFn: ({ signal }) => apiRequest(BONUS_PATHS.dailyTake, dailyTakeStateSchema, { signal }),
  });

/** POST take-freebet / take-freespin: one take per day, once per key. */
export const takeDaily = (idempotencyKey: string, kind: DailyTakeKind) =>
  apiRequest(kind === 'freebet' ? BONUS_PATHS.takeFreebet : BONUS_PATHS.takeFreespin, dailyTakeStateSchema, {
    method: 'POST',
    body: {},
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/**
 * POST bonuses/{id}/rules-and-terms: a deposit bonus's terms (in the player's currency, or the
 * asked one for a visitor) and the player's state of it.
 */
export const depositBonusQuery = (bonusId: number, userId: number | null, currency: string) =>
  queryOptions({
    queryKey: userId === null ? ['deposit-bonus', bonusId, currency] : userQueryKey(userId, 'deposit-bonus', bonusId),
    queryFn: ({ signal }) =>
      requestAs(
        userId,
        `${BONUS_PATHS.rulesAndTerms(bonusId)}?currency=${encodeURIComponent(currency)}`,
        depositBonusSchema,
        { method: 'POST', body: {}, signal },
      ),
    staleTime: 60_000,
  });

/** POST bonuses/{id}: activates the bonus for the next deposit on the terms read; once per key. */
export const activateDepositBonus = (idempotencyKey: string, bonusId: number, termsVersion: number) =>
  apiRequest(BONUS_PATHS.activate(bonusId), depositBonusSchema, {
    method: 'POST',
    body: { acceptTerms: true, termsVersion },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
