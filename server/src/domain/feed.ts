import {
  type PromoMechanic,
  type PromoTerms,
  type Settlement,
  type SettlementReceipt,
  toDecimal,
} from '@promo/contract';
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
import { convertSums, currencyDigits, isKnownCurrency } from './currencies.ts';
import { nextDrawAt } from './jackpot.ts';
import { promotionTerms } from './promotions.ts';
import { utcDay } from './time.ts';

/** The mechanics the feed moves, and which of them rank players in a tournament. */
const TOURNAMENTS: ReadonlySet<PromoMechanic> = new Set(['sport-tournament', 'casino-tournament', 'crash-tournament']);
const SERIES: ReadonlySet<PromoMechanic> = new Set(['accumulator-ladder', 'win-streak']);
const FED: readonly PromoMechanic[] = [...TOURNAMENTS, ...SERIES, 'no-risk-bet', 'double-chance', 'weekly-jackpot'];

type Promo = Pick<
  typeof promotions.$inferSelect,
  'id' | 'startsAt' | 'endsAt' | 'currencyCode' | 'prizes' | 'content'
> & {
  mechanic: PromoMechanic;
  terms: PromoTerms;
};
/** A posted item with its row id and its money in the promotion's terms. */
type Fed = Settlement & { rowId: number; at: Date; collections: readonly string[] };

const gte = (a: string, b: string) => toDecimal(a).gte(toDecimal(b));
/** An amount of one currency in another, rounded to the target's digits. */
const inCurrency = (amount: string, from: string, to: string): string =>
  convertSums([amount], from, to, currencyDigits(to)).sums[0] ?? '0';
const minOf = (a: string, b: string) => (toDecimal(a).lte(toDecimal(b)) ? a : b);

/** Won: paid more than staked; lost: paid nothing; anything else (void, cash-out at par) is neither. */
export const outcomeOf = (item: Pick<Settlement, 'stake' | 'payout'>): 'won' | 'lost' | 'void' =>
  toDecimal(item.payout).gt(toDecimal(item.stake)) ? 'won' : toDecimal(item.payout).eq(0) ? 'lost' : 'void';

/**
 * Whether a settled bet or round counts for a promotion: its kind, sport, competition, bet type,
 * legs, odds and stake (in the promotion's currency), or its game. Pure, so each rule is tested.
 */
export function qualifies(promo: Pick<Promo, 'mechanic' | 'terms' | 'currencyCode'>, item: Fed): boolean {
  const { terms } = promo;
  if (terms.minStake && !gte(inCurrency(item.stake, item.currency, promo.currencyCode), terms.minStake)) return false;
  if (promo.mechanic === 'casino-tournament' || promo.mechanic === 'crash-tournament') {
    if (item.kind !== 'round') return false;
    const games = terms.games ?? (promo.mechanic === 'crash-tournament' ? 'crash' : undefined);
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

/** Tournament points: stake x odds for a bet; the payout (cash-out multiplier x stake) for a round. */
export function pointsOf(promo: Pick<Promo, 'currencyCode'>, item: Settlement): string {
  const stake = inCurrency(item.stake, item.currency, promo.currencyCode);
  if (item.kind === 'round') return inCurrency(item.payout, item.currency, promo.currencyCode);
  return toDecimal(stake).times(toDecimal(item.odds)).round(2).toFixed(2);
}

const stepPrize = (promo: Promo, step: number) =>
  (promo.prizes as Array<{ places: string; kind: string; amount: string }>).find(
    (prize) => prize.places === String(step),
  );

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
  const running: Promo[] = (
    await tx
      .select()
      .from(promotions)
      .where(
        and(
          inArray(promotions.mechanic, [...FED]),
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
          running.filter((promo) => TOURNAMENTS.has(promo.mechanic)).map((promo) => promo.id),
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
          running.filter((promo) => SERIES.has(promo.mechanic)).map((promo) => promo.id),
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

  const scores = new Map<
    string,
    { promotionId: number; userId: number; day: string; points: string; tickets: number }
  >();
  const credits: Array<typeof promoCredits.$inferInsert> = [];
  const tickets: Array<typeof jackpotTickets.$inferInsert> = [];
  const touched = new Set<number>();
  for (const item of fresh) {
    for (const promo of running) {
      if (item.at < promo.startsAt || (promo.endsAt && item.at >= promo.endsAt)) continue;
      if (!qualifies(promo, item)) continue;
      const key = `${promo.id}:${item.playerId}`;
      if (TOURNAMENTS.has(promo.mechanic)) {
        const since = joinedAt.get(key);
        if (!since || since > item.at) continue;
        // A crashed round earns nothing; a void or cashed-out bet risked nothing to earn points with.
        const outcome = outcomeOf(item);
        if (item.kind === 'round' ? outcome === 'lost' : outcome === 'void') continue;
        const day = utcDay(item.at);
        const scoreKey = `${key}:${day}`;
        const score = scores.get(scoreKey) ?? {
          promotionId: promo.id,
          userId: item.playerId,
          day,
          points: '0',
          tickets: 0,
        };
        score.points = toDecimal(score.points)
          .plus(toDecimal(pointsOf(promo, item)))
          .toFixed(2);
        score.tickets += 1;
        scores.set(scoreKey, score);
        touched.add(promo.id);
      } else if (SERIES.has(promo.mechanic)) {
        const outcome = outcomeOf(item);
        if (outcome === 'void') continue;
        const row = progress.get(key) ?? { promotionId: promo.id, userId: item.playerId, current: 0, best: 0 };
        row.current = outcome === 'won' ? row.current + 1 : 0;
        row.best = Math.max(row.best, row.current);
        progress.set(key, row);
        const prize = outcome === 'won' ? stepPrize(promo, row.current) : undefined;
        if (prize) {
          // Money in the player's active account's currency: a cash step lands on that account.
          const money = prize.kind === 'cash' || prize.kind === 'freebet' || prize.kind === 'bonus';
          const currency = activeCurrencies.get(item.playerId) ?? item.currency;
          credits.push({
            promotionId: promo.id,
            userId: item.playerId,
            occasion: `step:${row.current}`,
            kind: prize.kind,
            amount: money ? inCurrency(prize.amount, promo.currencyCode, currency) : prize.amount,
            currencyCode: money ? currency : promo.currencyCode,
            settlementId: item.rowId,
          });
        }
        touched.add(promo.id);
      } else if (promo.mechanic === 'no-risk-bet') {
        // The first qualifying single that wins or loses is the covered one; a later one is not
        // covered, and a void one leaves the cover for the next.
        const outcome = outcomeOf(item);
        if (outcome === 'void') continue;
        credits.push(stakeBack(promo, item, 'first-single', outcome === 'lost'));
        touched.add(promo.id);
      } else if (promo.mechanic === 'weekly-jackpot') {
        // One ticket per qualifying bet, in the draw after it settled; a bet posted after that
        // draw plays the next one (a drawn week never changes).
        tickets.push({
          promotionId: promo.id,
          drawAt: nextDrawAt(promo, history || item.at > now ? item.at : now),
          userId: item.playerId,
          settlementId: item.rowId,
          stakeUsd: inCurrency(item.stake, item.currency, 'USD'),
        });
        touched.add(promo.id);
      } else if (promo.mechanic === 'double-chance') {
        if (item.kind !== 'bet' || item.lostLegs !== 1) continue;
        credits.push(stakeBack(promo, item, `day:${utcDay(item.at)}`, true));
        touched.add(promo.id);
      }
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

/**
 * A free bet of the stake, up to the promotion's maximum, in the bet's currency; 0 when the
 * occasion passes without a refund (the covered bet won).
 */
function stakeBack(promo: Promo, item: Fed, occasion: string, refunded: boolean): typeof promoCredits.$inferInsert {
  const max = promo.terms.maxRefund ? inCurrency(promo.terms.maxRefund, promo.currencyCode, item.currency) : item.stake;
  const digits = currencyDigits(item.currency);
  return {
    promotionId: promo.id,
    userId: item.playerId,
    occasion,
    kind: 'freebet',
    amount: refunded ? toDecimal(minOf(item.stake, max)).round(digits).toFixed(digits) : '0',
    currencyCode: item.currency,
    settlementId: item.rowId,
  };
}

/** How far ahead of this server's clock an operator's clock may be. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The advisory lock space of the feed (any constant other locks do not use). */
const FEED_LOCK = 7_201;
