import type {
  Adjustment,
  Art,
  ConsolePromotion,
  OperatorKey,
  PlayerView,
  PromoDraft,
  PromotionProblem,
  PromotionRow,
  PromotionVersion,
  StaffMe,
  StaffMember,
  StaffRole,
  StaffSession,
} from '@promo/contract';

/** 2026-03-02 09:00 UTC. */
export const T0 = 1_772_442_000;

export const staff = (role: StaffRole, login = `demo-${role}`): StaffMe => ({ login, role, idleUntil: T0 + 1800 });

export const DRAFT: PromoDraft = {
  slug: 'black-freeday',
  ids: [176],
  mechanic: 'deposit-match',
  product: 'casino',
  currencyCode: 'USD',
  schedule: { starts: '2026-03-05T10:00:00Z', ends: '2026-03-09T22:00:00Z' },
  prizes: [{ places: '1', kind: 'cash', amount: '100.00' }],
  terms: { percent: 150, maxBonus: '300', minDeposit: '25', wager: 30, freespins: 75, validDays: 7 },
  cta: { to: 'office', section: 'recharge' },
  hero: { art: 'gift', accent: '#111111' },
  texts: {
    en: {
      title: 'Black Friday Bonus',
      summary: 'Black Friday at the casino: a match on your deposit plus free spins.',
      about: ['For a few days only, the biggest casino match of the year.'],
      rules: ['One Black Friday bonus per player.'],
      faq: [{ q: 'When does it start?', a: 'The countdown on this page shows the start.' }],
    },
    ru: {
      title: 'Бонус Чёрной пятницы',
      summary: 'Чёрная пятница в казино: бонус к депозиту и фриспины.',
      about: ['Всего несколько дней — самый щедрый бонус за год.'],
      rules: ['Один бонус Чёрной пятницы на игрока.'],
      faq: [{ q: 'Когда начинается акция?', a: 'Время до старта показывает таймер.' }],
    },
  },
};

/** A problem as the server words it, about a field of the draft (`path`), with the values it names. */
export const problem = (
  code: string,
  path: PromotionProblem['path'],
  message: string,
  params: PromotionProblem['params'] = {},
): PromotionProblem => ({ code, path, params, message });

/** The problem of a language the draft has no texts in (DRAFT has none in Arabic). */
export const languageMissing = (language: string, message = `${language}: no texts yet`): PromotionProblem =>
  problem('language_missing', ['texts', language], message, { language });

export const version = (
  number: number,
  content: PromoDraft = DRAFT,
  extra: Partial<PromotionVersion> = {},
): PromotionVersion => ({
  version: number,
  content,
  author: 'demo-editor',
  createdAt: T0 + number * 60,
  basedOn: number > 1 ? number - 1 : null,
  problems: [],
  ...extra,
});

export const promotion = (extra: Partial<ConsolePromotion> = {}): ConsolePromotion => {
  const latest = extra.latest ?? version(3);
  return {
    slug: latest.content.slug,
    state: 'draft',
    latest,
    publishedVersion: null,
    scheduled: null,
    history: [1, 2, 3]
      .filter((number) => number <= latest.version)
      .map((number) => ({
        version: number,
        author: number === 2 ? 'demo-publisher' : 'demo-editor',
        createdAt: T0 + number * 60,
        basedOn: number > 1 ? number - 1 : null,
      })),
    ...extra,
  };
};

export const row = (extra: Partial<PromotionRow> = {}): PromotionRow => ({
  slug: 'black-freeday',
  title: 'Black Friday Bonus',
  mechanic: 'deposit-match',
  product: 'casino',
  state: 'running',
  startsAt: T0,
  endsAt: T0 + 4 * 86_400,
  publishAt: null,
  languages: ['en', 'ru'],
  missing: ['ar'],
  latestVersion: 3,
  publishedVersion: 2,
  lastEditor: 'demo-editor',
  updatedAt: T0 + 3600,
  ...extra,
});

/** A staff member as the admin's list shows them. */
export const member = (login: string, extra: Partial<StaffMember> = {}): StaffMember => ({
  login,
  role: 'editor',
  secondFactor: false,
  createdAt: T0,
  disabled: false,
  lastSeenAt: T0 + 7200,
  ...extra,
});

/** A live staff session as its lists show it: signed in at T0, last seen an hour later. */
export const session = (id: string, extra: Partial<StaffSession> = {}): StaffSession => ({
  id: id.padEnd(22, '0'),
  login: 'demo-editor',
  role: 'editor',
  address: '192.0.2.10',
  createdAt: T0,
  lastSeenAt: T0 + 3600,
  idleUntil: T0 + 3600 + 1800,
  current: false,
  ...extra,
});

/** An operator key as its list shows it. */
export const operatorKey = (label: string, extra: Partial<OperatorKey> = {}): OperatorKey => ({
  label,
  role: 'publisher',
  createdAt: T0,
  revoked: false,
  ...extra,
});

/** Uploaded art: a 1200 × 600 PNG of 120 KB in promotions, with its files as the server names them. */
export const art = (id: number, name: string, extra: Partial<Art> = {}): Art => {
  const stem = `${name.replace(/\.\w+$/, '').replace(/\W+/g, '-')}-${String(id).padStart(16, '0')}`;
  return {
    id,
    hash: String(id).padStart(64, '0'),
    name,
    type: 'png',
    folder: 'promotions',
    width: 1200,
    height: 600,
    bytes: 120 * 1024,
    path: `/genfiles/cms/promotions/desktop/${stem}.png`,
    files: [`/genfiles/cms/promotions/desktop/${stem}.png`, `/genfiles/cms/promotions/desktop/${stem}.webp`],
    uploadedBy: 'demo-editor',
    uploadedAt: T0,
    usedBy: [],
    ...extra,
  };
};

/** An authenticator secret and its URI, as the server makes them. */
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
export const otpauthUri = (login: string) =>
  `otpauth://totp/Promo%20console:${login}?secret=${TOTP_SECRET}&issuer=Promo%20console`;

/** A player's support view: one USD account, a wheel prize in the ledger with its spin, a pending adjustment. */
export const playerView = (extra: Partial<PlayerView> = {}): PlayerView => ({
  player: { id: 7, login: 'de•••r', countryCode: 'CY', createdAt: T0 - 86_400, verified: true },
  accounts: [{ currencyCode: 'USD', balance: '105.00000000', active: true }],
  ledger: [
    {
      id: 12,
      at: T0,
      currencyCode: 'USD',
      amount: '5.00000000',
      balanceAfter: '105.00000000',
      kind: 'wheel_prize',
      reference: '31',
    },
    {
      id: 3,
      at: T0 - 86_400,
      currencyCode: 'USD',
      amount: '100.00000000',
      balanceAfter: '100.00000000',
      kind: 'opening',
      reference: '7',
    },
  ],
  credits: [
    {
      id: 9,
      at: T0 - 600,
      promotion: 'no-risk-bet',
      occasion: 'first-single',
      kind: 'freebet',
      amount: '5.00000000',
      currencyCode: 'USD',
      state: 'paid',
    },
  ],
  spins: [
    {
      id: 31,
      at: T0,
      promotion: 'spin-wheel',
      segment: 2,
      prize: { kind: 'cash', amount: '5.00', currencyCode: 'USD' },
      serverSeed: 'a1b2c3',
      serverSeedHash: 'f00d',
      clientSeed: 'player-seed',
      nonce: 0,
      proofHolds: true,
    },
  ],
  tickets: [],
  settlements: [],
  signIns: [{ via: 'site', at: T0 - 3600, endedAt: null, expiresAt: T0 + 86_400 }],
  adjustments: [],
  masked: true,
  ...extra,
});

export const adjustment = (extra: Partial<Adjustment> = {}): Adjustment => ({
  id: 41,
  playerId: 7,
  playerLogin: 'de•••r',
  currencyCode: 'USD',
  amount: '12.50000000',
  reason: 'Wheel prize not credited',
  credit: null,
  state: 'pending',
  requestedBy: 'demo-support',
  requestedAt: T0,
  decidedBy: null,
  decidedAt: null,
  note: null,
  ledgerEntryId: null,
  balanceAfter: null,
  ...extra,
});
