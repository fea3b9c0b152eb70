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
  /**
   * Its own prize table, best tier first: main numbers matched, bonus numbers matched (null: any)
   * and the prize of one line in dollars, or the jackpot.
   */
  prizes: ReadonlyArray<readonly [main: number, bonus: number | null, prize: number | typeof J]>;
  texts: LotteryTexts;
}

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6] as const;
/** The jackpot tier of a prize table. */
export const J = 'jackpot';
const pool = (count: number, max: number, min = 1): NumberPool => ({ count, min, max });

/** The blocks every lottery has, opening on its own paragraph; one with a bonus pool explains it too. */
function texts(code: LotteryCode, format: LotteryFormat): LotteryTexts {
  return {
    about: {
      titleKey: 'lotto_about_title',
      paragraphKeys: [
        `lotto_about_${code.toLowerCase()}`,
        'lotto_about_p1',
        'lotto_about_p2',
        ...(format.bonus ? ['lotto_about_bonus'] : []),
      ],
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
    prizes: [
      [5, 1, J],
      [5, 0, 1_000_000],
      [4, 1, 50_000],
      [4, 0, 100],
      [3, 1, 100],
      [3, 0, 7],
      [2, 1, 7],
      [1, 1, 4],
      [0, 1, 4],
    ],
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
    prizes: [
      [5, 1, J],
      [5, 0, 1_000_000],
      [4, 1, 10_000],
      [4, 0, 500],
      [3, 1, 200],
      [3, 0, 10],
      [2, 1, 10],
      [1, 1, 4],
      [0, 1, 2],
    ],
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
    prizes: [
      [5, 1, J],
      [5, 0, 25_000],
      [4, 1, 1_500],
      [4, 0, 100],
      [3, 1, 50],
      [3, 0, 10],
      [2, 1, 10],
      [1, 1, 2],
      [0, 1, 1],
    ],
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
    prizes: [
      [5, 0, J],
      [4, 0, 300],
      [3, 0, 15],
      [2, 0, 1],
    ],
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
    prizes: [
      [5, 2, J],
      [5, 1, 300_000],
      [5, 0, 60_000],
      [4, 2, 3_000],
      [4, 1, 200],
      [4, 0, 80],
      [3, 2, 60],
      [2, 2, 20],
      [3, 1, 15],
      [3, 0, 13],
      [1, 2, 10],
      [2, 1, 9],
      [2, 0, 5],
    ],
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
    prizes: [
      [5, 2, J],
      [5, 1, 500_000],
      [5, 0, 100_000],
      [4, 2, 5_000],
      [4, 1, 250],
      [4, 0, 100],
      [3, 2, 60],
      [2, 2, 20],
      [3, 1, 18],
      [3, 0, 15],
      [1, 2, 10],
      [2, 1, 9],
    ],
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
    prizes: [
      [5, 1, J],
      [5, 0, 250_000],
      [4, 1, 3_000],
      [4, 0, 150],
      [3, 1, 60],
      [3, 0, 18],
      [2, 1, 10],
      [2, 0, 3],
    ],
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
    prizes: [
      [7, 0, J],
      [6, 0, 100_000],
      [5, 0, 1_500],
      [4, 0, 15],
      [3, 0, 2],
    ],
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
    prizes: [
      [6, 0, J],
      [5, 0, 2_000],
      [4, 0, 50],
      [3, 0, 4],
      [2, 0, 1],
    ],
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
    prizes: [
      [5, 1, J],
      [5, 0, 30_000],
      [4, 1, 1_000],
      [4, 0, 100],
      [3, 1, 20],
      [3, 0, 5],
      [2, 1, 4],
      [2, 0, 1],
    ],
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
    prizes: [
      [6, 0, J],
      [5, 0, 3_000],
      [4, 0, 30],
      [3, 0, 2],
    ],
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
    prizes: [
      [5, 1, J],
      [5, 0, 100_000],
      [4, 1, 1_000],
      [4, 0, 500],
      [3, 1, 50],
      [3, 0, 20],
      [2, 1, 10],
      [2, 0, 5],
      [1, 1, 2.4],
      [0, 1, 2.4],
    ],
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
    prizes: [
      [6, 0, J],
      [5, 0, 1_500],
      [4, 0, 40],
      [3, 0, 3],
    ],
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
    prizes: [
      [7, 0, J],
      [6, 0, 10_000],
      [5, 0, 400],
      [4, 0, 40],
      [3, 0, 12],
    ],
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
    prizes: [
      [6, 1, J],
      [6, 0, 600_000],
      [5, 1, 12_000],
      [5, 0, 3_500],
      [4, 1, 200],
      [4, 0, 45],
      [3, 1, 22],
      [3, 0, 11],
      [2, 1, 6],
    ],
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
    prizes: [
      [6, 0, J],
      [5, 0, 1_500],
      [4, 0, 60],
      [3, 0, 10],
    ],
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
    prizes: [
      [6, 0, J],
      [5, 0, 500],
      [4, 0, 20],
      [3, 0, 2],
    ],
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
    prizes: [
      [6, 0, J],
      [5, 0, 3_000],
      [4, 0, 80],
      [3, 0, 10],
      [2, 0, 3],
    ],
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
    prizes: [
      [7, 0, J],
      [6, 0, 5_000],
      [5, 0, 100],
      [4, 0, 20],
      [3, 0, 4],
    ],
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
    prizes: [
      [6, 0, J],
      [5, 0, 1_500],
      [4, 0, 30],
      [3, 0, 1],
    ],
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
    prizes: [
      [7, 0, J],
      [6, 0, 2_000],
      [5, 0, 50],
      [4, 0, 5],
      [3, 0, 1],
    ],
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
    prizes: [
      [6, 1, J],
      [6, 0, 1_000_000],
      [5, null, 3_000],
      [4, null, 60],
      [3, null, 8],
    ],
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
    prizes: [
      [6, 0, J],
      [5, 0, 3_000],
      [4, 0, 30],
      [3, 0, 4],
    ],
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
    prizes: [
      [6, 0, J],
      [5, 0, 2_000],
      [4, 0, 30],
      [3, 0, 12],
    ],
  },
};

export const LOTTERIES: Readonly<Record<LotteryCode, Lottery>> = Object.fromEntries(
  LOTTERY_CODES.map((code) => [code, { code, ...ROWS[code], texts: texts(code, ROWS[code].format) }]),
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
