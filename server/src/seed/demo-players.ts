/**
 * The demo players (README lists them): the one definition. The seed writes them
 * (demo-users.ts); server tests, the end-to-end fixtures, the frame's MSW answers and the benches
 * read them from here. Pure data with no imports, so a browser test or the Playwright runner can
 * load it without the server's database code.
 */

/** Every demo player's clear-text password (the database keeps its hash). */
export const DEMO_PASSWORD = 'Promo-2026!';

export const DEMO_USERS = [
  {
    login: 'demo.player',
    password: DEMO_PASSWORD,
    countryCode: 'CY',
    countryId: 57,
    appToken: 'demo-app-token-player',
    accounts: [
      { currencyCode: 'USD', amount: '1250.50', active: true },
      { currencyCode: 'EUR', amount: '80.00', active: false },
      { currencyCode: 'mBTC', amount: '3.25000000', active: false },
    ],
  },
  {
    login: 'demo.arabic',
    password: DEMO_PASSWORD,
    countryCode: 'AE',
    countryId: 229,
    appToken: 'demo-app-token-arabic',
    accounts: [{ currencyCode: 'USD', amount: '300.00', active: true }],
  },
  {
    // Spins and takes in the end-to-end tests use this player, so the others' balances stay put.
    login: 'demo.spinner',
    password: DEMO_PASSWORD,
    countryCode: 'DE',
    countryId: 81,
    appToken: 'demo-app-token-spinner',
    accounts: [{ currencyCode: 'EUR', amount: '500.00', active: true }],
  },
  {
    // From a country where tournaments are not offered (validateUserForTournaments says why).
    login: 'demo.uk',
    password: DEMO_PASSWORD,
    countryCode: 'GB',
    countryId: 222,
    appToken: 'demo-app-token-uk',
    accounts: [{ currencyCode: 'USD', amount: '75.00', active: true }],
  },
  {
    // Two accounts to switch between; the end-to-end switching test uses this player, so
    // demo.player's active account stays USD for the tests running beside it.
    login: 'demo.wallet',
    password: DEMO_PASSWORD,
    countryCode: 'CY',
    countryId: 57,
    appToken: 'demo-app-token-wallet',
    accounts: [
      { currencyCode: 'USD', amount: '40.00', active: true },
      { currencyCode: 'EUR', amount: '15.00', active: false },
    ],
  },
  {
    // The host-message tests spin the wheel as this player: a cash prize lands here, so
    // demo.wallet's balances stay what the switching test reads.
    login: 'demo.wheel',
    password: DEMO_PASSWORD,
    countryCode: 'CY',
    countryId: 57,
    appToken: 'demo-app-token-wheel',
    accounts: [{ currencyCode: 'USD', amount: '20.00', active: true }],
  },
] as const;

export type DemoUser = (typeof DEMO_USERS)[number];
export type DemoLogin = DemoUser['login'];

/** The demo player of this login; a login the seed does not make does not compile. */
export function demoUser<L extends DemoLogin>(login: L): Extract<DemoUser, { login: L }> {
  const user = DEMO_USERS.find((candidate) => candidate.login === login);
  if (!user) throw new Error(`${login} is not a demo player`);
  return user as Extract<DemoUser, { login: L }>;
}

/** A player's country and accounts with their opening balances, as a new player is made with them. */
export interface PlayerKind {
  countryCode: string;
  countryId: number;
  accounts: Array<{ currencyCode: string; amount: string; active: boolean }>;
}

/**
 * A demo player's kind: its country and accounts, for a fresh player of a test's own that is
 * offered what the demo player is and holds what it holds (a copy: the test may change it).
 */
export function kindOf(login: DemoLogin): PlayerKind {
  const { countryCode, countryId, accounts } = demoUser(login);
  return { countryCode, countryId, accounts: accounts.map((account) => ({ ...account })) };
}

/** The active one of a player's accounts (every demo player and kind has one). */
export function activeAccount(kind: {
  accounts: ReadonlyArray<PlayerKind['accounts'][number]>;
}): PlayerKind['accounts'][number] {
  const active = kind.accounts.find((account) => account.active);
  if (!active) throw new Error('no active account');
  return active;
}
