import {
  BONUS_TERMS_VERSION,
  type DailyTakeKind,
  type DailyTakeState,
  type DepositBonus,
  type FirstBonusChoiceState,
  type WelcomeOffer,
} from '@promo/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, dailyBonusTakes, depositBonusActivations, firstBonusChoices } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { offerCurrency, scaled } from './currencies.ts';
import { assertRunning, promotionStatus, promotionTerms, promotionWithTemplate } from './promotions.ts';
import { unixSeconds, utcDay } from './time.ts';

type Executor = Database | Transaction;

/** First-deposit offers: 1 sport, 2 casino (with free spins). 0 declines both. */
export function welcomeOffers(currencyCode: string): WelcomeOffer[] {
  const currency = offerCurrency(currencyCode);
  return [
    { bonusId: 1, percent: 100, maxAmount: scaled(100, currency), currencyCode: currency, freespins: 0, wager: 5 },
    { bonusId: 2, percent: 100, maxAmount: scaled(1500, currency), currencyCode: currency, freespins: 150, wager: 35 },
  ];
}

export async function getFirstBonus(db: Executor, userId: number): Promise<FirstBonusChoiceState> {
  const [row] = await db.select().from(firstBonusChoices).where(eq(firstBonusChoices.userId, userId));
  return { success: true, bonus_id: (row?.bonusId as 0 | 1 | 2 | undefined) ?? null };
}

/** Records (or changes) the choice; the first deposit reads it. */
export async function setFirstBonus(tx: Transaction, userId: number, bonusId: 0 | 1 | 2, now = new Date()) {
  await tx
    .insert(firstBonusChoices)
    .values({ userId, bonusId, chosenAt: now })
    .onConflictDoUpdate({ target: firstBonusChoices.userId, set: { bonusId, chosenAt: now } });
  return getFirstBonus(tx, userId);
}

const DAILY_FREEBET_USD = 5;
const DAILY_FREESPINS = { count: 20, game: 'Book of Sun' } as const;
const nextUtcDay = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000;

export async function activeCurrency(db: Executor, userId: number): Promise<string> {
  const [account] = await db
    .select({ currencyCode: accounts.currencyCode })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.active, true)));
  return offerCurrency(account?.currencyCode ?? 'USD');
}

/** Today's offers for the player's active currency and what was taken today. */
export async function dailyTakeState(db: Executor, userId: number, now = new Date()): Promise<DailyTakeState> {
  const day = utcDay(now);
  const currencyCode = await activeCurrency(db, userId);
  const [taken] = await db
    .select()
    .from(dailyBonusTakes)
    .where(and(eq(dailyBonusTakes.userId, userId), eq(dailyBonusTakes.day, day)));
  return {
    day,
    freebet: { amount: scaled(DAILY_FREEBET_USD, currencyCode), currencyCode },
    freespin: { ...DAILY_FREESPINS },
    taken: taken ? { kind: taken.kind as DailyTakeKind, takenAt: unixSeconds(taken.takenAt) } : null,
    nextAt: nextUtcDay(now),
  };
}

/** Takes today's free bet or free spins; a second take on the same day is refused (409). */
export async function takeDaily(tx: Transaction, userId: number, kind: DailyTakeKind, now = new Date()) {
  const state = await dailyTakeState(tx, userId, now);
  const amount = kind === 'freebet' ? state.freebet.amount : String(state.freespin.count);
  const inserted = await tx
    .insert(dailyBonusTakes)
    .values({
      userId,
      day: state.day,
      kind,
      amount,
      currencyCode: kind === 'freebet' ? state.freebet.currencyCode : null,
      takenAt: now,
    })
    .onConflictDoNothing()
    .returning({ day: dailyBonusTakes.day });
  if (inserted.length === 0) throw httpError(409, "Today's bonus has already been taken", 'already_taken');
  return dailyTakeState(tx, userId, now);
}

/** Deposit bonuses: the deposit-bonus promotions; their percent comes from the registry's options. */
/** Terms a deposit bonus's content file leaves out. */
const DEPOSIT_BONUS = { percent: 100, minDeposit: '10', wager: 5, validDays: 30 } as const;

/**
 * A deposit bonus's terms in a currency and, for a player, its state: active when it is the bonus
 * their next deposit gets, unavailable once the promotion is not running.
 */
export async function depositBonus(
  db: Executor,
  promotionId: number,
  who: { userId: number } | { currencyCode: string },
  now = new Date(),
  preview?: string,
): Promise<DepositBonus> {
  const promotion = await promotionWithTemplate(db, promotionId, 'deposit-bonus', 'Bonus', preview);
  const terms = promotionTerms(promotion);
  const percent = terms.percent ?? DEPOSIT_BONUS.percent;
  // Without a cap in its content, the bonus is capped at its percent in dollars.
  const maxBonus = terms.maxBonus ?? String(percent);
  const currencyCode = 'userId' in who ? await activeCurrency(db, who.userId) : offerCurrency(who.currencyCode);
  const [activation] =
    'userId' in who
      ? await db.select().from(depositBonusActivations).where(eq(depositBonusActivations.userId, who.userId))
      : [];
  const running = promotionStatus(promotion, now) === 'active';
  const active = activation?.promotionId === promotionId;
  return {
    bonusId: promotionId,
    percent,
    maxAmount: scaled(maxBonus, currencyCode),
    minDeposit: scaled(terms.minDeposit ?? DEPOSIT_BONUS.minDeposit, currencyCode),
    currencyCode,
    wager: terms.wager ?? DEPOSIT_BONUS.wager,
    validDays: terms.validDays ?? DEPOSIT_BONUS.validDays,
    termsVersion: BONUS_TERMS_VERSION,
    status: !('userId' in who) ? null : active ? 'active' : running ? 'available' : 'unavailable',
    activatedAt: active && activation ? unixSeconds(activation.activatedAt) : null,
  };
}

/**
 * Activates a running deposit bonus for the player's next deposit, on the current terms; it
 * replaces the bonus activated before (a deposit gets one bonus).
 */
export async function activateDepositBonus(
  tx: Transaction,
  userId: number,
  promotionId: number,
  termsVersion: number,
  now = new Date(),
): Promise<DepositBonus> {
  // A running promotion's bonus is available (or already active) to every player: whether it may be
  // taken is the promotion's status alone, read once here.
  assertRunning(await promotionWithTemplate(tx, promotionId, 'deposit-bonus', 'Bonus'), now);
  if (termsVersion !== BONUS_TERMS_VERSION)
    throw httpError(409, 'The bonus terms have changed; read them again', 'terms_changed');
  await tx
    .insert(depositBonusActivations)
    .values({ userId, promotionId, termsVersion, activatedAt: now })
    .onConflictDoUpdate({
      target: depositBonusActivations.userId,
      set: { promotionId, termsVersion, activatedAt: now },
    });
  return depositBonus(tx, promotionId, { userId }, now);
}
