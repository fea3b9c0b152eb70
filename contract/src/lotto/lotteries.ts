/**
 * Spec 3 "Lottery": the 24 lottery codes, each with its number format (a main pool and an
 * optional bonus pool), its draw schedule, ticket price and the keys of its about and rules blocks.
 */
export const LOTTERY_CODES = [
  'powerball',
  'megamillions',
  'superlottoplus',
  'fantasy5',
  'euromillions',
  'eurojackpot',
  'elgordodelaprimitiva',
  'gosloto7x49',
  'gosloto6x45',
  'gosloto5x36',
  'superloto',
  'FRA5',
  'MM6',
  'AUS7',
  'GER6',
  'IR6',
  'IR7',
  'CAN6',
  'CAN7',
  'NYL',
  'NYL7',
  'SPL',
  'SPL7',
  'AUS6',
] as const;
export type LotteryCode = (typeof LOTTERY_CODES)[number];

export const isLotteryCode = (value: string): value is LotteryCode =>
  (LOTTERY_CODES as readonly string[]).includes(value);

/** Pick `count` distinct numbers from `min`..`max`. */
export interface NumberPool {
  count: number;
  min: number;
  max: number;
}

export interface LotteryFormat {
  main: NumberPool;
  bonus: NumberPool | null;
}

/** Spec 3: about block (title key, paragraph keys) and rules block (subtitle, items, footer). */
export interface LotteryTexts {
  about: { titleKey: string; paragraphKeys: string[] };
  rules: { subtitleKey: string; itemKeys: string[]; footer: Array<{ titleKey?: string; textKey: string }> };
}

export interface Lottery {
  code: LotteryCode;
  name: string;
  /** ISO country code of the lottery's home. */
  country: string;
  format: LotteryFormat;
  /** UTC weekdays of its draws (0 Sunday) and the UTC time of day, HH:mm. */
  drawDays: readonly number[];
  drawTime: string;
  /** Price of one line, in dollars. */
  priceUsd: number;
  /** The jackpot a new cycle starts at and what each draw without a winner adds, in dollars. */
  jackpotUsd: { base: number; step: number };
  /** Tickets sold per draw, relative; the list's popularity sort. */
  popularity: number;
  texts: LotteryTexts;
}

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6] as const;
const pool = (count: number, max: number, min = 1): NumberPool => ({ count, min, max });

/** The blocks every lottery has; one with a bonus pool explains it too. */
function texts(format: LotteryFormat): LotteryTexts {
  return {
    about: {
      titleKey: 'lotto_about_title',
      paragraphKeys: ['lotto_about_p1', 'lotto_about_p2', ...(format.bonus ? ['lotto_about_bonus'] : [])],
    },
    rules: {
      subtitleKey: 'lotto_rules_subtitle',
      itemKeys: [
        'lotto_rule_pick',
        ...(format.bonus ? ['lotto_rule_bonus'] : []),
        'lotto_rule_lines',
        'lotto_rule_additional',
        'lotto_rule_close',
      ],
      footer: [
        { titleKey: 'lotto_footer_results_title', textKey: 'lotto_footer_results' },
        { textKey: 'lotto_footer_age' },
      ],
    },
  };
}

type Row = Omit<Lottery, 'code' | 'texts'>;
const ROWS: Record<LotteryCode, Row> = {
  powerball: {
    name: 'Powerball',
    country: 'US',
    format: { main: pool(5, 69), bonus: pool(1, 26) },
    drawDays: [1, 3, 6],
    drawTime: '03:00',
    priceUsd: 2,
    jackpotUsd: { base: 20_000_000, step: 6_500_000 },
    popularity: 100,
  },
  megamillions: {
    name: 'Mega Millions',
    country: 'US',
    format: { main: pool(5, 70), bonus: pool(1, 25) },
    drawDays: [3, 6],
    drawTime: '04:00',
    priceUsd: 2,
    jackpotUsd: { base: 20_000_000, step: 7_000_000 },
    popularity: 96,
  },
  superlottoplus: {
    name: 'SuperLotto Plus',
    country: 'US',
    format: { main: pool(5, 47), bonus: pool(1, 27) },
    drawDays: [4, 0],
    drawTime: '03:57',
    priceUsd: 1,
    jackpotUsd: { base: 7_000_000, step: 1_000_000 },
    popularity: 61,
  },
  fantasy5: {
    name: 'Fantasy 5',
    country: 'US',
    format: { main: pool(5, 39), bonus: null },
    drawDays: EVERY_DAY,
    drawTime: '03:30',
    priceUsd: 1,
    jackpotUsd: { base: 100_000, step: 12_000 },
    popularity: 44,
  },
  euromillions: {
    name: 'EuroMillions',
    country: 'EU',
    format: { main: pool(5, 50), bonus: pool(2, 12) },
    drawDays: [2, 5],
    drawTime: '20:15',
    priceUsd: 3,
    jackpotUsd: { base: 17_000_000, step: 9_000_000 },
    popularity: 98,
  },
  eurojackpot: {
    name: 'Eurojackpot',
    country: 'EU',
    format: { main: pool(5, 50), bonus: pool(2, 12) },
    drawDays: [2, 5],
    drawTime: '19:00',
    priceUsd: 2.2,
    jackpotUsd: { base: 11_000_000, step: 5_000_000 },
    popularity: 90,
  },
  elgordodelaprimitiva: {
    name: 'El Gordo de la Primitiva',
    country: 'ES',
    format: { main: pool(5, 54), bonus: pool(1, 9, 0) },
    drawDays: [0],
    drawTime: '20:30',
    priceUsd: 1.6,
    jackpotUsd: { base: 5_500_000, step: 500_000 },
    popularity: 52,
  },
  gosloto7x49: {
    name: 'Gosloto 7/49',
    country: 'RU',
    format: { main: pool(7, 49), bonus: null },
    drawDays: EVERY_DAY,
    drawTime: '18:00',
    priceUsd: 1.5,
    jackpotUsd: { base: 1_100_000, step: 60_000 },
    popularity: 70,
  },
  gosloto6x45: {
    name: 'Gosloto 6/45',
    country: 'RU',
    format: { main: pool(6, 45), bonus: null },
    drawDays: EVERY_DAY,
    drawTime: '17:00',
    priceUsd: 1,
    jackpotUsd: { base: 500_000, step: 40_000 },
    popularity: 74,
  },
  gosloto5x36: {
    name: 'Gosloto 5/36',
    country: 'RU',
    format: { main: pool(5, 36), bonus: pool(1, 4) },
    drawDays: EVERY_DAY,
    drawTime: '16:00',
    priceUsd: 1,
    jackpotUsd: { base: 30_000, step: 3_000 },
    popularity: 66,
  },
  superloto: {
    name: 'Super Loto',
    country: 'UA',
    format: { main: pool(6, 52), bonus: null },
    drawDays: [3, 6],
    drawTime: '19:00',
    priceUsd: 0.5,
    jackpotUsd: { base: 150_000, step: 20_000 },
    popularity: 38,
  },
  FRA5: {
    name: 'Loto France',
    country: 'FR',
    format: { main: pool(5, 49), bonus: pool(1, 10) },
    drawDays: [1, 3, 6],
    drawTime: '19:20',
    priceUsd: 2.4,
    jackpotUsd: { base: 2_000_000, step: 1_000_000 },
    popularity: 58,
  },
  MM6: {
    name: 'Mega Mix 6',
    country: 'MX',
    format: { main: pool(6, 56), bonus: null },
    drawDays: [3, 0],
    drawTime: '02:00',
    priceUsd: 1,
    jackpotUsd: { base: 1_500_000, step: 150_000 },
    popularity: 33,
  },
  AUS7: {
    name: 'Oz Lotto',
    country: 'AU',
    format: { main: pool(7, 47), bonus: null },
    drawDays: [2],
    drawTime: '09:30',
    priceUsd: 1.5,
    jackpotUsd: { base: 2_000_000, step: 3_000_000 },
    popularity: 55,
  },
  GER6: {
    name: 'Lotto 6 aus 49',
    country: 'DE',
    format: { main: pool(6, 49), bonus: pool(1, 9, 0) },
    drawDays: [3, 6],
    drawTime: '17:25',
    priceUsd: 1.3,
    jackpotUsd: { base: 1_000_000, step: 1_500_000 },
    popularity: 81,
  },
  IR6: {
    name: 'Irish Lotto',
    country: 'IE',
    format: { main: pool(6, 47), bonus: null },
    drawDays: [3, 6],
    drawTime: '19:55',
    priceUsd: 2.2,
    jackpotUsd: { base: 2_000_000, step: 250_000 },
    popularity: 47,
  },
  IR7: {
    name: 'Irish Daily Million',
    country: 'IE',
    format: { main: pool(6, 39), bonus: null },
    drawDays: EVERY_DAY,
    drawTime: '13:00',
    priceUsd: 1.1,
    jackpotUsd: { base: 1_000_000, step: 0 },
    popularity: 29,
  },
  CAN6: {
    name: 'Lotto 6/49',
    country: 'CA',
    format: { main: pool(6, 49), bonus: null },
    drawDays: [4, 0],
    drawTime: '02:30',
    priceUsd: 2.2,
    jackpotUsd: { base: 5_000_000, step: 800_000 },
    popularity: 63,
  },
  CAN7: {
    name: 'Lotto Max',
    country: 'CA',
    format: { main: pool(7, 50), bonus: null },
    drawDays: [3, 6],
    drawTime: '02:30',
    priceUsd: 3.7,
    jackpotUsd: { base: 10_000_000, step: 5_000_000 },
    popularity: 68,
  },
  NYL: {
    name: 'New York Lotto',
    country: 'US',
    format: { main: pool(6, 59), bonus: null },
    drawDays: [4, 0],
    drawTime: '03:15',
    priceUsd: 1,
    jackpotUsd: { base: 2_000_000, step: 300_000 },
    popularity: 41,
  },
  NYL7: {
    name: 'New York Take 7',
    country: 'US',
    format: { main: pool(7, 45), bonus: null },
    drawDays: EVERY_DAY,
    drawTime: '23:30',
    priceUsd: 1,
    jackpotUsd: { base: 50_000, step: 5_000 },
    popularity: 26,
  },
  SPL: {
    name: 'La Primitiva',
    country: 'ES',
    format: { main: pool(6, 49), bonus: pool(1, 9, 0) },
    drawDays: [1, 4, 6],
    drawTime: '20:30',
    priceUsd: 1.1,
    jackpotUsd: { base: 3_000_000, step: 700_000 },
    popularity: 57,
  },
  SPL7: {
    name: 'Bonoloto',
    country: 'ES',
    format: { main: pool(6, 49), bonus: null },
    drawDays: [1, 2, 3, 4, 5, 6],
    drawTime: '20:30',
    priceUsd: 0.6,
    jackpotUsd: { base: 500_000, step: 100_000 },
    popularity: 35,
  },
  AUS6: {
    name: 'Saturday Lotto',
    country: 'AU',
    format: { main: pool(6, 45), bonus: null },
    drawDays: [6],
    drawTime: '09:30',
    priceUsd: 1,
    jackpotUsd: { base: 5_000_000, step: 0 },
    popularity: 50,
  },
};

export const LOTTERIES: Readonly<Record<LotteryCode, Lottery>> = Object.fromEntries(
  LOTTERY_CODES.map((code) => [code, { code, ...ROWS[code], texts: texts(ROWS[code].format) }]),
) as Record<LotteryCode, Lottery>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The draw times of a lottery in [from, to), ascending (ms). */
export function drawTimesBetween(lottery: Lottery, fromMs: number, toMs: number): number[] {
  const [hours = 0, minutes = 0] = lottery.drawTime.split(':').map(Number);
  const times: number[] = [];
  const first = new Date(fromMs);
  let day = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate());
  for (; day < toMs; day += DAY) {
    const at = day + (hours * 60 + minutes) * MINUTE;
    if (at >= fromMs && at < toMs && lottery.drawDays.includes(new Date(day).getUTCDay())) times.push(at);
  }
  return times;
}

/** The lottery's next draw after `nowMs` (strictly later). */
export function nextDrawTime(lottery: Lottery, nowMs: number): number {
  const [next] = drawTimesBetween(lottery, nowMs + 1, nowMs + 8 * DAY);
  if (next === undefined) throw new Error(`${lottery.code} has no draw within a week`);
  return next;
}

/** Ticket sales for a draw close this long before it. */
export const SALES_CLOSE_MS = 5 * MINUTE;

/** Past draws listed per lottery (the draws page shows them under the open one). */
export const LOTTO_PAST_DRAWS = 10;
