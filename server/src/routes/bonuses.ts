import {
  activateBonusSchema,
  amountsConvertSchema,
  BONUS_PATHS,
  type DailyTakeKind,
  setFirstBonusSchema,
  WEB_API_BASE,
} from '@promo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { httpError } from '../http-error.ts';
import { type AuthGuard, boundedInt, idRoute, parseBody, positiveId } from './auth-guard.ts';
import { idempotentHandler } from './idempotent.ts';

type StaticPath = {
  [K in keyof typeof BONUS_PATHS]: (typeof BONUS_PATHS)[K] extends string ? K : never;
}[keyof typeof BONUS_PATHS];
const path = (name: StaticPath) => `${WEB_API_BASE}${BONUS_PATHS[name]}`;
type ById = FastifyRequest<{ Params: { id: string }; Querystring: { currency?: string } }>;

/**
 * Spec 7 bonuses: welcome offers, the first-bonus choice, the daily free bet or free spins, and
 * the deposit bonuses' rules and terms and activation.
 */
export function registerBonusRoutes(app: FastifyInstance, db: Database, guard: AuthGuard): void {
  app.get<{ Querystring: { currency?: string } }>(path('welcomeBonus'), async (request, reply) => {
    const currency = String(request.query.currency ?? 'USD').slice(0, 5);
    return reply.header('cache-control', 'public, max-age=300').send({ offers: welcomeOffers(currency) });
  });

  app.get<{
    Querystring: { sum?: string; round?: string; isArray?: string; originalCurrency?: string; currency?: string };
  }>(path('convertedSum'), async (request, reply) => {
    const { sum = '', round, isArray, originalCurrency = 'USD', currency } = request.query;
    const parts = isArray === 'true' ? sum.split(',') : [sum];
    if (parts.length > 100 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) {
      throw httpError(400, 'sum must be a non-negative number (a comma list with isArray=true, at most 100)');
    }
    const digits = boundedInt(round, 'round', 2, 8);
    // A player's amounts go to the active account's currency; a visitor names one (or keeps the original).
    const session = await guard.optionalSession(request);
    const target = session?.userId ? await activeCurrency(db, session.userId) : (currency ?? originalCurrency);
    return reply.header('cache-control', 'no-store').send(convertSums(parts, originalCurrency, target, digits));
  });

  app.post(path('amountsConvert'), async (request, reply) => {
    const body = parseBody(amountsConvertSchema, request.body);
    const session = await guard.optionalSession(request);
    const target = session?.userId
      ? await activeCurrency(db, session.userId)
      : (body.currencyCode ?? body.amounts[0]?.currencyCode ?? 'USD');
    return reply.header('cache-control', 'no-store').send(convertAmounts(body.amounts, target, body.round ?? 2));
  });

  app.post(
    path('setFirstBonus'),
    idempotentHandler(
      db,
      guard,
      () => 'first-bonus',
      (tx, userId, request: FastifyRequest) =>
        setFirstBonus(tx, userId, parseBody(setFirstBonusSchema, request.body).bonus_id),
    ),
  );
  app.post(path('getFirstBonus'), async (request, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send(await getFirstBonus(db, userId));
  });

  app.get(path('dailyTake'), async (request, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send(await dailyTakeState(db, userId));
  });
  const take = (kind: DailyTakeKind) =>
    idempotentHandler(
      db,
      guard,
      () => `daily-take:${kind}`,
      (tx, userId) => takeDaily(tx, userId, kind),
    );
  app.post(path('takeFreebet'), take('freebet'));
  app.post(path('takeFreespin'), take('freespin'));

  app.post(idRoute(BONUS_PATHS.rulesAndTerms), async (request: ById, reply) => {
    const session = await guard.optionalSession(request);
    const who = session?.userId
      ? { userId: session.userId }
      : { currencyCode: String(request.query.currency ?? 'USD') };
    return reply.header('cache-control', 'no-store').send(await depositBonus(db, positiveId(request.params.id), who));
  });
  app.post(
    idRoute(BONUS_PATHS.activate),
    idempotentHandler(
      db,
      guard,
      (request: ById) => `bonus-activate:${request.params.id}`,
      (tx, userId, request: ById) =>
        activateDepositBonus(
          tx,
          userId,
          positiveId(request.params.id),
          parseBody(activateBonusSchema, request.body).termsVersion,
        ),
    ),
  );
}
