import { convertMoney, scaleMoney, timesMoney } from '../money.ts';
import type { Lottery, LotteryFormat, NumberPool } from './lotteries.ts';

/** One line of a ticket: the main numbers and the bonus numbers (empty without a bonus pool). */
export interface TicketLine {
  main: number[];
  bonus: number[];
}

/** Spec 3 bet or ticket kinds: an additional ticket doubles every prize below the jackpot. */
export const TICKET_KINDS = ['default', 'additional'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
/** An additional ticket costs half as much again (a decimal: prices are never floats). */
export const ADDITIONAL_PRICE_FACTOR = '1.5';
export const MAX_LINES = 10;

export type LineError =
  | { code: 'count'; pool: 'main' | 'bonus'; expected: number; actual: number }
  | { code: 'range'; pool: 'main' | 'bonus'; number: number; min: number; max: number }
  | { code: 'duplicate'; pool: 'main' | 'bonus'; number: number };

function poolErrors(pool: NumberPool, numbers: readonly number[], name: 'main' | 'bonus'): LineError[] {
  const errors: LineError[] = [];
  if (numbers.length !== pool.count)
    errors.push({ code: 'count', pool: name, expected: pool.count, actual: numbers.length });
  const seen = new Set<number>();
  for (const number of numbers) {
    if (!Number.isInteger(number) || number < pool.min || number > pool.max) {
      errors.push({ code: 'range', pool: name, number, min: pool.min, max: pool.max });
    } else if (seen.has(number)) {
      errors.push({ code: 'duplicate', pool: name, number });
    }
    seen.add(number);
  }
  return errors;
}

/** What is wrong with a line for a format; empty when it can be played. */
export function lineErrors(format: LotteryFormat, line: TicketLine): LineError[] {
  return [
    ...poolErrors(format.main, line.main, 'main'),
    ...poolErrors(format.bonus ?? { count: 0, min: 0, max: 0 }, line.bonus, 'bonus'),
  ];
}

/** `count` distinct numbers of a pool, ascending; `random` returns [0, 1). */
function pick(pool: NumberPool, random: () => number): number[] {
  const numbers = Array.from({ length: pool.max - pool.min + 1 }, (_, i) => pool.min + i);
  for (let i = numbers.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [numbers[i], numbers[j]] = [numbers[j] as number, numbers[i] as number];
  }
  return numbers.slice(0, pool.count).sort((a, b) => a - b);
}

/** A random valid line (quick pick). */
export function quickPick(format: LotteryFormat, random: () => number = Math.random): TicketLine {
  return { main: pick(format.main, random), bonus: format.bonus ? pick(format.bonus, random) : [] };
}

/**
 * A ticket's price from its line price (any currency, a decimal string): lines times the line
 * price, half as much again for an additional ticket, rounded to `digits` (exact decimals).
 */
export const ticketPrice = (linePrice: string, lines: number, kind: TicketKind, digits = 2): string =>
  scaleMoney(timesMoney(linePrice, lines), kind === 'additional' ? ADDITIONAL_PRICE_FACTOR : '1', digits);

/** Decimals of lottery money in a currency: 8 for the crypto unit, 2 otherwise. */
export const lottoDigits = (currencyCode: string): number => (currencyCode === 'mBTC' ? 8 : 2);

/** A dollar amount in the caller's currency at the server's rate (units per dollar), as it charges and pays. */
export const fromUsdAt = (usd: string, usdRate: string, currencyCode: string): string =>
  convertMoney(usd, '1', usdRate, lottoDigits(currencyCode));

/** A ticket's price in dollars. */
export const ticketPriceUsd = (lottery: Lottery, lines: number, kind: TicketKind): string =>
  ticketPrice(String(lottery.priceUsd), lines, kind);

/**
 * Prize tiers: the lottery's own table, best first. A tier names the main numbers matched and the
 * bonus numbers matched exactly (null: any number of them); its prize is one line's, in dollars.
 */
export interface PrizeTier {
  main: number;
  bonus: number | null;
  jackpot: boolean;
  /** Dollars; 0 for the jackpot (it is the draw's jackpot). */
  prizeUsd: number;
}

export function prizeTiers(lottery: Lottery): PrizeTier[] {
  return lottery.prizes.map(([main, bonus, prize]) => ({
    main,
    bonus,
    jackpot: prize === 'jackpot',
    prizeUsd: prize === 'jackpot' ? 0 : prize,
  }));
}

/** n choose k, exactly. */
function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i += 1) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/**
 * The odds of one line reaching a tier, as "1 in N" (N rounded to the nearest whole number), exact
 * from the format: the main numbers matched among the pool's, and the bonus numbers matched among
 * the bonus pool's (drawn on their own; any number of them for a tier that does not name one).
 */
export function tierOdds(lottery: Lottery, tier: Pick<PrizeTier, 'main' | 'bonus'>): bigint {
  const { main, bonus } = lottery.format;
  const mainPool = main.max - main.min + 1;
  let ways = choose(main.count, tier.main) * choose(mainPool - main.count, main.count - tier.main);
  let outcomes = choose(mainPool, main.count);
  if (bonus) {
    const bonusPool = bonus.max - bonus.min + 1;
    const bonusOutcomes = choose(bonusPool, bonus.count);
    outcomes *= bonusOutcomes;
    ways *=
      tier.bonus === null
        ? bonusOutcomes
        : choose(bonus.count, tier.bonus) * choose(bonusPool - bonus.count, bonus.count - tier.bonus);
  }
  return ways === 0n ? 0n : (outcomes * 2n + ways) / (ways * 2n);
}

/** The tier a line reaches in a draw's result (the best one it matches), or null. */
export function tierOf(lottery: Lottery, line: TicketLine, result: TicketLine): PrizeTier | null {
  const main = line.main.filter((n) => result.main.includes(n)).length;
  const bonus = line.bonus.filter((n) => result.bonus.includes(n)).length;
  return (
    prizeTiers(lottery).find((tier) => tier.main === main && (tier.bonus === null || tier.bonus === bonus)) ?? null
  );
}
