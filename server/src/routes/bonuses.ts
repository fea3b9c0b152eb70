import { BONUS_ENDPOINTS, type DailyTakeKind } from '@promo/contract';
import type { Database } from '../db/client.ts';
import {
  activateDepositBonus,
  activeCurrency,
  dailyTakeState,
  depositBonus,
  getFirstBonus,
  setFirstBonus,
  takeDaily,
  welcomeOffers,
} from '../domain/bonuses.ts';
import { convertAmounts, convertSums } from '../domain/currencies.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { type EndpointRequest, registerEndpoints } from '../http/endpoints.ts';
import { idempotentHandler } from '../http/idempotent.ts';
import type { Api } from '../http/validation.ts';

type SetFirstBonusRequest = EndpointRequest<typeof BONUS_ENDPOINTS.setFirstBonus>;
type ActivateRequest = EndpointRequest<typeof BONUS_ENDPOINTS.activate>;

/**
 * Spec 7 bonuses: welcome offers, the first-bonus choice, the daily free bet or free spins, and
 * the deposit bonuses' rules and terms and activation.
 */
export function registerBonusRoutes(app: Api, db: Database, guard: AuthGuard): void {
  const take = (kind: DailyTakeKind) =>
    idempotentHandler(
      db,
      guard,
      () => `daily-take:${kind}`,
      (tx, userId) => takeDaily(tx, userId, kind),
    );
  registerEndpoints(app, BONUS_ENDPOINTS, {
    welcomeBonus: async (request) => ({ offers: welcomeOffers(request.query.currency ?? 'USD') }),
    convertedSum: async (request) => {
      const { parts, round: digits, originalCurrency, currency } = request.query;
      // A player's amounts go to the active account's currency; a visitor names one (or keeps the original).
      const session = await guard.optionalSession(request);
      const target = session?.userId ? await activeCurrency(db, session.userId) : (currency ?? originalCurrency);
      return convertSums(parts, originalCurrency, target, digits);
    },
    amountsConvert: async (request) => {
      const body = request.body;
      const session = await guard.optionalSession(request);
      const target = session?.userId
        ? await activeCurrency(db, session.userId)
        : (body.currencyCode ?? body.amounts[0]?.currencyCode ?? 'USD');
      return convertAmounts(body.amounts, target, body.round);
    },
    getFirstBonus: async (request) => {
      const { userId } = await guard.user(request);
      return getFirstBonus(db, userId);
    },
    setFirstBonus: idempotentHandler(
      db,
      guard,
      () => 'first-bonus',
      (tx, userId, request: SetFirstBonusRequest) => setFirstBonus(tx, userId, request.body.bonus_id),
    ),
    dailyTake: async (request) => {
      const { userId } = await guard.user(request);
      return dailyTakeState(db, userId);
    },
    takeFreebet: take('freebet'),
    takeFreespin: take('freespin'),
    rulesAndTerms: async (request) => {
      const { preview } = request.query;
      const userId = await guard.readerId(request, preview);
      const who = userId ? { userId } : { currencyCode: request.query.currency ?? 'USD' };
      return depositBonus(db, request.params.id, who, new Date(), preview);
    },
    activate: idempotentHandler(
      db,
      guard,
      (request: ActivateRequest) => `bonus-activate:${request.params.id}`,
      (tx, userId, request) => activateDepositBonus(tx, userId, request.params.id, request.body.termsVersion),
    ),
  });
}
