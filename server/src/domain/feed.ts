import type { PromoMechanic, Settlement, SettlementReceipt } from '@promo/contract';
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  accounts,
  betSeriesProgress,
  casinoGames,
  jackpotTickets,
  promoCredits,
  promotions,
  settlements,
  tournamentParticipants,
  tournamentScores,
  users,
} from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { creditCash } from './credit-cash.ts';
import { isKnownCurrency } from './currencies.ts';
import { type Fed, type FedPromo, type FeedBatch, type FeedRule, gte, inCurrency } from './mechanics/feed-batch.ts';
import { FEED_RULES } from './mechanics/index.ts';
import { promotionTerms } from './promotions.ts';

/** The mechanics the feed moves, and what each reads first. */
const FED: readonly PromoMechanic[] = [...FEED_RULES.keys()];
const reading = (what: FeedRule['reads']) => (promo: FedPromo) => FEED_RULES.get(promo.mechanic)?.reads === what;

/**
 * Whether a settled bet or round counts for a promotion: its kind, sport, competition, bet type,
 * legs, odds and stake (in the promotion's currency), or its game. Pure, so each rule is tested.
 */
export function qualifies(
  promo: Pick<FedPromo, 'terms' | 'currencyCode'>,
  item: Fed,
  rounds: FeedRule['rounds'] = undefined,
): boolean {
  const { terms } = promo;
  if (terms.minStake && !gte(inCurrency(item.stake, item.currency, promo.currencyCode), terms.minStake)) return false;
  if (rounds) {
    if (item.kind !== 'round') return false;
    const games = terms.games ?? rounds.defaultGames;
    return games === undefined || games === item.category || games === item.game || item.collections.includes(games);
  }
  if (item.kind !== 'bet') return false;
  if (terms.sportIds && !terms.sportIds.includes(item.sportId)) return false;
  if (terms.stage && terms.stage !== item.competition) return false;
  if (terms.betType === 'single' && item.betType !== 'single') return false;
  if (terms.betType === 'accumulator' && item.betType !== 'accumulator') return false;
  if (terms.minLegs && item.legs < terms.minLegs) return false;
  if (terms.minOdds) {
    // "Each selection at odds of ... or more" for accumulators; the bet's odds otherwise.
    const perLeg = terms.betType === 'accumulator';
    const odds = perLeg ? item.minLegOdds : item.odds;
    if (odds === undefined || !gte(odds, terms.minOdds)) return false;
  }
  return true;
}

/**
 * Takes a batch of settled bets and rounds: each new one is stored and moves every promotion it
 * counts for (tournament points, series steps, covered bets); one posted before changes nothing.
 * All or nothing: an unknown player or currency refuses the whole batch. The players' feed work is
 * serialised (an advisory lock per player) so two batches cannot both read one streak.
 */
export async function applySettlements(
  tx: Transaction,
  items: readonly Settlement[],
  now = new Date(),
  /** The seed's history: each item counts as posted when it settled. */
  history = false,
): Promise<SettlementReceipt> {
  const unknownCurrency = items.find((item) => !isKnownCurrency(item.currency));
  if (unknownCurrency) {
    throw httpError(422, `Unknown currency ${unknownCurrency.currency}`, 'unknown_currency');
  }
  const future = items.find((item) => Date.parse(item.settledAt) > now.getTime() + CLOCK_SKEW_MS);
  if (future) throw httpError(422, `${future.id} is settled in the future`, 'settled_in_future');
  const ids = new Set(items.map((item) => item.id));
  if (ids.size !== items.length) throw httpError(400, 'An id appears twice in the batch', 'duplicate_id');
  const playerIds = [...new Set(items.map((item) => item.playerId))].sort((a, b) => a - b);
  const known = await tx.select({ id: users.id }).from(users).where(inArray(users.id, playerIds));
  if (known.length !== playerIds.length) {
    const found = new Set(known.map((row) => row.id));
    throw httpError(422, `Unknown player ${playerIds.find((id) => !found.has(id))}`, 'unknown_player');
  }
  for (const id of playerIds) await tx.execute(sql`select pg_advisory_xact_lock(${FEED_LOCK}, ${id})`);

  const inserted = await tx
    .insert(settlements)
    .values(
      items.map((item) => {
        const { id, playerId, kind, settledAt, currency, stake, payout, ...detail } = item;
        return {
          externalId: id,
          userId: playerId,
          kind,
          settledAt: new Date(settledAt),
          currencyCode: currency,
          stake,
          payout,
          stakeUsd: inCurrency(stake, currency, 'USD'),
          payoutUsd: inCurrency(payout, currency, 'USD'),
          detail,
          // The seed's history arrived when it settled (feed health counts arrivals by minute).
          ...(history ? { receivedAt: new Date(settledAt) } : {}),
        };
      }),
    )
    .onConflictDoNothing({ target: settlements.externalId })
    .returning({ rowId: settlements.id, externalId: settlements.externalId });
  const rowIds = new Map(inserted.map((row) => [row.externalId, row.rowId]));
  const gameSlugs = items.flatMap((item) => (item.kind === 'round' ? [item.game] : []));
  const collections = new Map(
    gameSlugs.length === 0
      ? []
      : (
          await tx
            .select({ slug: casinoGames.slug, collections: casinoGames.collections })
            .from(casinoGames)
            .where(inArray(casinoGames.slug, gameSlugs))
        ).map((row) => [row.slug, row.collections]),
  );
  const fresh: Fed[] = items
    .filter((item) => rowIds.has(item.id))
    .map((item) => ({
      ...item,
      rowId: rowIds.get(item.id) ?? 0,
      at: new Date(item.settledAt),
      collections: item.kind === 'round' ? (collections.get(item.game) ?? []) : [],
    }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.rowId - b.rowId);
  const receipt = { accepted: fresh.length, duplicates: items.length - fresh.length };
  if (fresh.length === 0) return { ...receipt, promotions: [] };

  const first = fresh[0]?.at ?? new Date();
  const last = fresh.at(-1)?.at ?? first;
  const running: FedPromo[] = (
    await tx
      .select()
      .from(promotions)
      .where(
        and(
          inArray(promotions.mechanic, [...FED]),
          eq(promotions.published, true),
          lte(promotions.startsAt, last),
          or(isNull(promotions.endsAt), gt(promotions.endsAt, first)),
        ),
      )
  ).map((row) => ({ ...row, mechanic: row.mechanic as PromoMechanic, terms: promotionTerms(row) }));
  const freshPlayers = [...new Set(fresh.map((item) => item.playerId))];
  const joined = await tx
    .select()
    .from(tournamentParticipants)
    .where(
      and(
        inArray(
          tournamentParticipants.promotionId,
          running.filter(reading('participants')).map((promo) => promo.id),
        ),
        inArray(tournamentParticipants.userId, freshPlayers),
      ),
    );
  const joinedAt = new Map(joined.map((row) => [`${row.promotionId}:${row.userId}`, row.joinedAt]));
  const progressRows = await tx
    .select()
    .from(betSeriesProgress)
    .where(
      and(
        inArray(
          betSeriesProgress.promotionId,
          running.filter(reading('progress')).map((promo) => promo.id),
        ),
        inArray(betSeriesProgress.userId, freshPlayers),
      ),
    );
  const progress = new Map(progressRows.map((row) => [`${row.promotionId}:${row.userId}`, { ...row }]));
  const activeCurrencies = new Map(
    (
      await tx
        .select({ userId: accounts.userId, currencyCode: accounts.currencyCode })
        .from(accounts)
        .where(and(inArray(accounts.userId, freshPlayers), eq(accounts.active, true)))
    ).map((row) => [row.userId, row.currencyCode]),
  );

  const batch: FeedBatch = {
    now,
    history,
    joinedAt,
    progress,
    activeCurrencies,
    scores: new Map(),
    credits: [],
    tickets: [],
  };
  const { scores, credits, tickets } = batch;
  const touched = new Set<number>();
  for (const item of fresh) {
    for (const promo of running) {
      if (item.at < promo.startsAt || (promo.endsAt && item.at >= promo.endsAt)) continue;
      const rule = FEED_RULES.get(promo.mechanic);
      if (!rule || !qualifies(promo, item, rule.rounds)) continue;
      if (rule.apply(batch, promo, item, `${promo.id}:${item.playerId}`)) touched.add(promo.id);
    }
  }

  const scoreRows = [...scores.values()];
  for (let i = 0; i < scoreRows.length; i += 500) {
    await tx
      .insert(tournamentScores)
      .values(scoreRows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [tournamentScores.promotionId, tournamentScores.userId, tournamentScores.day],
        set: {
          points: sql`${tournamentScores.points} + excluded.points`,
          tickets: sql`${tournamentScores.tickets} + excluded.tickets`,
        },
      });
  }
  for (let i = 0; i < tickets.length; i += 500) {
    await tx
      .insert(jackpotTickets)
      .values(tickets.slice(i, i + 500))
      .onConflictDoNothing();
  }
  const progressValues = [...progress.values()];
  if (progressValues.length > 0) {
    await tx
      .insert(betSeriesProgress)
      .values(progressValues)
      .onConflictDoUpdate({
        target: [betSeriesProgress.promotionId, betSeriesProgress.userId],
        set: { current: sql`excluded.current`, best: sql`excluded.best` },
      });
  }
  if (credits.length > 0) {
    const paid = await tx.insert(promoCredits).values(credits).onConflictDoNothing().returning({
      id: promoCredits.id,
      userId: promoCredits.userId,
      kind: promoCredits.kind,
      amount: promoCredits.amount,
      currencyCode: promoCredits.currencyCode,
    });
    for (const credit of paid) {
      if (credit.kind === 'cash')
        await creditCash(tx, credit.userId, credit.amount, credit.currencyCode, {
          kind: 'promo_cash',
          reference: String(credit.id),
        });
    }
  }
  return { ...receipt, promotions: [...touched].sort((a, b) => a - b) };
}

/** How far ahead of this server's clock an operator's clock may be. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The advisory lock space of the feed (any constant other locks do not use). */
const FEED_LOCK = 7_201;
