import {
  AMOUNT_INPUT,
  activateBonusSchema,
  amountsConvertSchema,
  BONUS_PATHS,
  type DailyTakeKind,
  setFirstBonusSchema,
  WEB_API_BASE,
} from '@promo/contract';
import { z } from 'zod';
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
import { type AuthGuard, idRoute } from '../http/auth-guard.ts';
import { idempotentHandler } from '../http/idempotent.ts';
import { type Api, type ApiRequest, currencyCode, idParams, noBody, noQuery, queryInt } from '../http/validation.ts';

type StaticPath = {
  [K in keyof typeof BONUS_PATHS]: (typeof BONUS_PATHS)[K] extends string ? K : never;
}[keyof typeof BONUS_PATHS];
const path = (name: StaticPath) => `${WEB_API_BASE}${BONUS_PATHS[name]}`;
const currencyQuery = z.object({ currency: currencyCode.optional() });
/** converted-sum's query: one decimal amount, or a comma list of up to 100 with isArray=true. */
const convertedSumQuery = z
  .object({
    sum: z.string().max(2_000).default(''),
    round: queryInt(0, 8, 2),
    isArray: z.enum(['true', 'false']).optional(),
    originalCurrency: currencyCode.default('USD'),
    currency: currencyCode.optional(),
  })
  .transform((query) => ({ ...query, parts: query.isArray === 'true' ? query.sum.split(',') : [query.sum] }))
  .refine((query) => query.parts.length <= 100 && query.parts.every((part) => AMOUNT_INPUT.test(part)), {
    message: 'sum must be a non-negative number (a comma list with isArray=true, at most 100)',
    path: ['sum'],
  });
const depositBonusSchema = { params: idParams, querystring: currencyQuery, body: noBody };
const activateSchema = { params: idParams, querystring: noQuery, body: activateBonusSchema };

/**
 * Spec 7 bonuses: welcome offers, the first-bonus choice, the daily free bet or free spins, and
 * the deposit bonuses' rules and terms and activation.
 */
export function registerBonusRoutes(app: Api, db: Database, guard: AuthGuard): void {
  app.get(path('welcomeBonus'), { schema: { querystring: currencyQuery } }, async (request, reply) => {
    const currency = request.query.currency ?? 'USD';
    return reply.header('cache-control', 'public, max-age=300').send({ offers: welcomeOffers(currency) });
  });

  app.get(path('convertedSum'), { schema: { querystring: convertedSumQuery } }, async (request, reply) => {
    const { parts, round: digits, originalCurrency, currency } = request.query;
    // A player's amounts go to the active account's currency; a visitor names one (or keeps the original).
    const session = await guard.optionalSession(request);
    const target = session?.userId ? await activeCurrency(db, session.userId) : (currency ?? originalCurrency);
    return reply.header('cache-control', 'no-store').send(convertSums(parts, originalCurrency, target, digits));
  });

  app.post(
    path('amountsConvert'),
    { schema: { querystring: noQuery, body: amountsConvertSchema } },
    async (request, reply) => {
      const body = request.body;
      const session = await guard.optionalSession(request);
      const target = session?.userId
        ? await activeCurrency(db, session.userId)
        : (body.currencyCode ?? body.amounts[0]?.currencyCode ?? 'USD');
      return reply.header('cache-control', 'no-store').send(convertAmounts(body.amounts, target, body.round));
    },
  );

  const firstBonusSchema = { querystring: noQuery, body: setFirstBonusSchema };
  app.post(
    path('setFirstBonus'),
    { schema: firstBonusSchema },
    idempotentHandler(
      db,
      guard,
      () => 'first-bonus',
      (tx, userId, request: ApiRequest<typeof firstBonusSchema>) => setFirstBonus(tx, userId, request.body.bonus_id),
    ),
  );
  app.post(path('getFirstBonus'), { schema: { querystring: noQuery, body: noBody } }, async (request, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send(await getFirstBonus(db, userId));
  });

  app.get(path('dailyTake'), { schema: { querystring: noQuery } }, async (request, reply) => {
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
  const takeSchema = { querystring: noQuery, body: noBody };
  app.post(path('takeFreebet'), { schema: takeSchema }, take('freebet'));
  app.post(path('takeFreespin'), { schema: takeSchema }, take('freespin'));

  app.post(idRoute(BONUS_PATHS.rulesAndTerms), { schema: depositBonusSchema }, async (request, reply) => {
    const session = await guard.optionalSession(request);
    const who = session?.userId ? { userId: session.userId } : { currencyCode: request.query.currency ?? 'USD' };
    return reply.header('cache-control', 'no-store').send(await depositBonus(db, request.params.id, who));
  });
  app.post(
    idRoute(BONUS_PATHS.activate),
    { schema: activateSchema },
    idempotentHandler(
      db,
      guard,
      (request: ApiRequest<typeof activateSchema>) => `bonus-activate:${request.params.id}`,
      (tx, userId, request) => activateDepositBonus(tx, userId, request.params.id, request.body.termsVersion),
    ),
  );
}
