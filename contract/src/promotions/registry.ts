import type { PromoTemplate } from './mechanics/index.ts';

export type PromoOptions = Readonly<Record<string, string | number | boolean>>;

/** Spec 2/3 "Promo route metadata" plus the page it renders. */
export interface PromoEntry {
  /** The route name: promotion/{name}. */
  name: string;
  template: PromoTemplate;
  options: PromoOptions;
  /** Dictionary key of the promo's title. */
  label: string;
  isLongTerm: boolean;
  /** Unix seconds; only time-limited promos have one. */
  expireTime?: number;
  groupRefId: number;
  /** Numeric promotion ids served by this page (the server's promotions). */
  ids: readonly number[];
  /** Other slugs of the same page (numeric ids map to these too). */
  aliases: readonly string[];
}

/** A wall-clock time in Moscow (UTC+3, no daylight saving), as the spec's dates are given. */
const msk = (local: string): number => Date.parse(`${local}:00+03:00`) / 1000;

interface Row {
  template: PromoTemplate;
  group: number;
  ids: number[];
  /** Moscow time 'YYYY-MM-DDTHH:mm' for time-limited promos; omitted for long-term ones. */
  until?: string;
  options?: PromoOptions;
  aliases?: string[];
}

/**
 * Every promo name of spec 2. Pages shared by several names use one template with options:
 * landing-bonus-*, the basketball pages, the broadcast variants, no-risk-bet / loss-refund-bet /
 * double-chance, lucky-league with gold-of-champions. Expiry dates fall in 2024-08..2025-12 (spec 9).
 */
const ROWS: Record<string, Row> = {
  'two-hundred-percentage': { template: 'deposit-bonus', group: 1, ids: [101, 102], options: { percent: 200 } },
  'barcelona-first-deposit': {
    template: 'deposit-bonus',
    group: 1,
    ids: [103],
    until: '2025-06-30T23:59',
    options: { percent: 100, sport: 'football' },
  },
  'daily-tournament': { template: 'tournament', group: 2, ids: [104, 105], options: { period: 'day' } },
  'fast-games': {
    template: 'tournament',
    group: 2,
    ids: [106],
    until: '2025-06-20T21:59',
    options: { section: 'fast-games' },
  },
  'volleyball-arena-challenge': {
    template: 'tournament',
    group: 2,
    ids: [107],
    until: '2025-12-31T23:59',
    options: { sport: 'volleyball' },
  },
  baseball: { template: 'tournament', group: 2, ids: [108], until: '2025-11-05T23:59', options: { sport: 'baseball' } },
  'valorant-rush': {
    template: 'tournament',
    group: 2,
    ids: [109],
    until: '2025-10-05T23:59',
    options: { sport: 'esports' },
  },
  'lucky-friday': {
    template: 'deposit-bonus',
    group: 1,
    ids: [110, 111],
    options: { percent: 100, weekday: 'friday' },
    aliases: ['top-up-win'],
  },
  'become-legend': {
    template: 'tournament',
    group: 2,
    ids: [112],
    until: '2025-03-31T23:59',
    options: { sport: 'football' },
  },
  'goalless-football': {
    template: 'free-bet',
    group: 3,
    ids: [113],
    until: '2025-05-31T23:59',
    options: { variant: 'goalless', sport: 'football' },
  },
  'no-risk-bet': { template: 'free-bet', group: 3, ids: [114], options: { variant: 'no-risk' } },
  'formula-one': {
    template: 'tournament',
    group: 2,
    ids: [115],
    until: '2025-12-07T23:59',
    options: { sport: 'formula-1' },
  },
  luckyday: { template: 'lucky-day', group: 4, ids: [116, 117] },
  'landing-cricket-bonus': {
    template: 'deposit-bonus',
    group: 1,
    ids: [118],
    options: { percent: 100, sport: 'cricket' },
  },
  'landing-bonus-200': { template: 'deposit-bonus', group: 5, ids: [119], options: { percent: 200, landing: true } },
  'landing-bonus-150': { template: 'deposit-bonus', group: 5, ids: [120], options: { percent: 150, landing: true } },
  'landing-bonus-120': { template: 'deposit-bonus', group: 5, ids: [121], options: { percent: 120, landing: true } },
  'landing-beatus': { template: 'deposit-bonus', group: 5, ids: [122], options: { percent: 100, landing: true } },
  'landing-1x-wheel-of-fortune': { template: 'prize-wheel', group: 6, ids: [123], options: { landing: true } },
  'jackpot-of-week': { template: 'lucky-day', group: 4, ids: [124], options: { period: 'week' } },
  'express-fight': {
    template: 'bet-series',
    group: 7,
    ids: [125],
    until: '2025-02-28T23:59',
    options: { betType: 'express' },
  },
  bonus200: { template: 'deposit-bonus', group: 1, ids: [126], options: { percent: 200 } },
  'betting-awards': { template: 'tournament', group: 2, ids: [127], until: '2024-12-31T23:59' },
  evasfavorites: {
    template: 'free-bet',
    group: 3,
    ids: [128],
    options: { variant: 'freespin', section: 'slots', games: 'evasfavorites' },
  },
  'daily-bonus': { template: 'free-bet', group: 3, ids: [129, 130], options: { variant: 'daily' } },
  esportsera: {
    template: 'tournament',
    group: 2,
    ids: [131],
    until: '2025-09-30T23:59',
    options: { sport: 'esports' },
  },
  'online-casino': { template: 'info', group: 8, ids: [132], options: { topic: 'casino' } },
  cricket: { template: 'tournament', group: 2, ids: [133], options: { sport: 'cricket' } },
  'landing-cricket-dep-bonus': {
    template: 'deposit-bonus',
    group: 5,
    ids: [134],
    options: { percent: 100, sport: 'cricket', landing: true },
  },
  'crash-tournament': { template: 'tournament', group: 2, ids: [135, 136], options: { section: 'crash' } },
  'spin-wheel': { template: 'prize-wheel', group: 6, ids: [137, 138], aliases: ['super-wheel'] },
  'cricket-free-bet': { template: 'free-bet', group: 3, ids: [139], options: { variant: 'freebet', sport: 'cricket' } },
  'basketball-first-deposit': {
    template: 'deposit-bonus',
    group: 9,
    ids: [140],
    options: { percent: 100, sport: 'basketball' },
  },
  'basketball-bonus': {
    template: 'deposit-bonus',
    group: 9,
    ids: [141],
    options: { percent: 150, sport: 'basketball' },
  },
  'nba-basketball-bonus': {
    template: 'deposit-bonus',
    group: 9,
    ids: [142],
    until: '2025-06-22T23:59',
    options: { percent: 200, sport: 'basketball' },
  },
  'casino-sport-welcome-bonus': {
    template: 'deposit-bonus',
    group: 1,
    ids: [143, 144],
    options: { percent: 100, firstBonusChoice: true },
  },
  candyworks: { template: 'hunt', group: 10, ids: [145], until: '2025-04-30T23:59', options: { collectible: 'candy' } },
  'wheel-bet': { template: 'prize-wheel', group: 6, ids: [146] },
  'hot-streak': { template: 'bet-series', group: 7, ids: [147], until: '2024-10-07T23:59' },
  winners: { template: 'info', group: 8, ids: [148], options: { topic: 'winners' } },
  'sticker-hunt': {
    template: 'hunt',
    group: 10,
    ids: [149, 150],
    until: '2025-08-31T23:59',
    options: { collectible: 'sticker' },
  },
  'mlb-2024': {
    template: 'tournament',
    group: 2,
    ids: [151],
    until: '2024-10-31T23:59',
    options: { sport: 'baseball' },
  },
  'prize-league': { template: 'tournament', group: 2, ids: [152] },
  'uly-dala-sport': { template: 'tournament', group: 11, ids: [153], until: '2025-09-15T23:59' },
  'uly-dala-sport-broadcast': {
    template: 'broadcast',
    group: 11,
    ids: [154],
    until: '2025-09-15T23:59',
    options: { of: 'uly-dala-sport' },
  },
  '1st': { template: 'deposit-bonus', group: 1, ids: [155], options: { percent: 100 } },
  'wow-promo': { template: 'prize-wheel', group: 6, ids: [156], until: '2025-01-31T23:59' },
  'olympic-free-bet': {
    template: 'free-bet',
    group: 3,
    ids: [157],
    until: '2024-08-11T23:59',
    options: { variant: 'freebet' },
  },
  '1xpunch': { template: 'bet-series', group: 7, ids: [158], until: '2025-05-31T23:59', options: { sport: 'mma' } },
  // Streams the demo's running server-defined tournament.
  'sports-stream': { template: 'broadcast', group: 12, ids: [159], options: { of: 'champions-cup' } },
  'aviator-2024': {
    template: 'tournament',
    group: 2,
    ids: [160],
    until: '2024-12-31T23:59',
    options: { section: 'crash' },
  },
  'jeton-way': {
    template: 'deposit-bonus',
    group: 1,
    ids: [161],
    until: '2025-03-31T23:59',
    options: { percent: 50, payment: 'jeton' },
  },
  'in-pursuit-of-the-scudetto': {
    template: 'bet-series',
    group: 7,
    ids: [162],
    until: '2025-05-25T23:59',
    options: { sport: 'football' },
  },
  'lucky-league': {
    template: 'tournament',
    group: 13,
    ids: [163],
    until: '2025-05-31T23:59',
    options: { stage: 'league' },
  },
  'gold-of-champions': {
    template: 'tournament',
    group: 13,
    ids: [164],
    until: '2025-05-31T23:59',
    options: { stage: 'champions' },
  },
  'gold-of-champions-broadcast': {
    template: 'broadcast',
    group: 13,
    ids: [165],
    until: '2025-05-31T23:59',
    options: { of: 'gold-of-champions' },
  },
  'fortunes-quest': {
    template: 'hunt',
    group: 10,
    ids: [166],
    until: '2025-07-31T23:59',
    options: { collectible: 'coin' },
  },
  'pr-freebet': { template: 'free-bet', group: 3, ids: [167], options: { variant: 'freebet' } },
  'loss-refund-bet': { template: 'free-bet', group: 3, ids: [168], options: { variant: 'loss-refund' } },
  'double-chance': { template: 'free-bet', group: 3, ids: [169], options: { variant: 'double-chance' } },
  'codename-psg': {
    template: 'hunt',
    group: 10,
    ids: [170],
    until: '2025-05-31T23:59',
    options: { collectible: 'badge', sport: 'football' },
  },
  'halloween-2024': {
    template: 'hunt',
    group: 10,
    ids: [171, 172],
    until: '2024-11-03T23:59',
    options: { collectible: 'pumpkin' },
    aliases: ['halloween'],
  },
  'nba-2025': {
    template: 'tournament',
    group: 9,
    ids: [173, 174],
    until: '2025-06-22T23:59',
    options: { sport: 'basketball' },
  },
  'barca-accelerate': {
    template: 'bet-series',
    group: 7,
    ids: [175],
    until: '2025-05-25T23:59',
    options: { sport: 'football' },
  },
  'black-freeday': {
    template: 'deposit-bonus',
    group: 1,
    ids: [176],
    until: '2024-11-29T23:59',
    options: { percent: 150 },
  },
  'new-year-mission': {
    template: 'hunt',
    group: 10,
    ids: [177, 178],
    until: '2025-01-10T23:59',
    options: { collectible: 'gift' },
  },
  license: { template: 'info', group: 8, ids: [179], options: { topic: 'licence' } },
  'giftbox-hunt': {
    template: 'hunt',
    group: 10,
    ids: [180],
    until: '2024-12-31T23:59',
    options: { collectible: 'giftbox' },
  },
  'cricket-cash-run': {
    template: 'tournament',
    group: 2,
    ids: [181],
    until: '2025-04-30T23:59',
    options: { sport: 'cricket' },
  },
  'grand-slam-tournaments': {
    template: 'tournament',
    group: 2,
    ids: [182],
    until: '2025-09-07T23:59',
    options: { sport: 'tennis' },
  },
  'lunar-luck': { template: 'prize-wheel', group: 6, ids: [183], until: '2025-02-12T23:59' },
  'clutch-book': {
    template: 'free-bet',
    group: 3,
    ids: [184],
    until: '2025-06-30T23:59',
    options: { variant: 'freebet', sport: 'esports' },
  },
  'crypto-miracle': {
    template: 'deposit-bonus',
    group: 1,
    ids: [185],
    until: '2025-10-31T23:59',
    options: { percent: 100, payment: 'crypto' },
  },
  crownbet: { template: 'bet-series', group: 7, ids: [186] },
  'indian-league-carnival': {
    template: 'tournament',
    group: 2,
    ids: [187],
    until: '2025-05-25T23:59',
    options: { sport: 'cricket' },
  },
  'hunt-the-thimble': {
    template: 'hunt',
    group: 10,
    ids: [188],
    until: '2025-08-31T23:59',
    options: { collectible: 'thimble' },
  },
  'big-match-2025': {
    template: 'free-bet',
    group: 3,
    ids: [189],
    until: '2025-05-31T23:59',
    options: { variant: 'freebet', sport: 'football' },
  },
  'psl-2025': {
    template: 'tournament',
    group: 2,
    ids: [190],
    until: '2025-05-18T23:59',
    options: { sport: 'cricket' },
  },
  'identification-bonus': { template: 'free-bet', group: 3, ids: [191], options: { variant: 'identification' } },
  evaginarium: {
    template: 'tournament',
    group: 2,
    ids: [192],
    options: { section: 'slots', games: 'evaginarium' },
  },
  'special-cricket-offer': {
    template: 'deposit-bonus',
    group: 1,
    ids: [193],
    until: '2025-04-30T23:59',
    options: { percent: 100, sport: 'cricket' },
  },
  'live-casino': { template: 'info', group: 8, ids: [194], options: { topic: 'live-casino' } },
};

/** Dictionary key of a promo title: promo_title_ plus the name with dashes as underscores. */
export const promoLabelKey = (name: string): string => `promo_title_${name.replace(/-/g, '_')}`;

/** The registry: one row per promo name, in the spec's order. */
export const PROMO_REGISTRY: readonly PromoEntry[] = Object.entries(ROWS).map(([name, row]) => ({
  name,
  template: row.template,
  options: row.options ?? {},
  label: promoLabelKey(name),
  isLongTerm: row.until === undefined,
  ...(row.until === undefined ? {} : { expireTime: msk(row.until) }),
  groupRefId: row.group,
  ids: row.ids,
  aliases: row.aliases ?? [],
}));
