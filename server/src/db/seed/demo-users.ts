import { inArray } from 'drizzle-orm';
import { createPlayer } from '../../domain/players.ts';
import type { Database } from '../client.ts';
import { users } from '../schema.ts';
import { transaction } from '../transaction.ts';

/** Demo users (README lists them). Passwords are stored hashed; these are the clear-text ones. */
export const DEMO_USERS = [
  {
    login: 'demo.player',
    password: 'Promo-2026!',
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
    password: 'Promo-2026!',
    countryCode: 'AE',
    countryId: 229,
    appToken: 'demo-app-token-arabic',
    accounts: [{ currencyCode: 'USD', amount: '300.00', active: true }],
  },
  {
    // Spins and takes in the end-to-end tests use this player, so the others' balances stay put.
    login: 'demo.spinner',
    password: 'Promo-2026!',
    countryCode: 'DE',
    countryId: 81,
    appToken: 'demo-app-token-spinner',
    accounts: [{ currencyCode: 'EUR', amount: '500.00', active: true }],
  },
  {
    // From a country where tournaments are not offered (validateUserForTournaments says why).
    login: 'demo.uk',
    password: 'Promo-2026!',
    countryCode: 'GB',
    countryId: 222,
    appToken: 'demo-app-token-uk',
    accounts: [{ currencyCode: 'USD', amount: '75.00', active: true }],
  },
  {
    // Two accounts to switch between; the end-to-end switching test uses this player, so
    // demo.player's active account stays USD for the tests running beside it.
    login: 'demo.wallet',
    password: 'Promo-2026!',
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
    password: 'Promo-2026!',
    countryCode: 'CY',
    countryId: 57,
    appToken: 'demo-app-token-wheel',
    accounts: [{ currencyCode: 'USD', amount: '20.00', active: true }],
  },
] as const;

/**
 * Creates the demo users once. Existing ones are left as they are: their balances and any
 * password an operator set survive restarts.
 */
export async function seedDemoUsers(db: Database): Promise<void> {
  const logins = DEMO_USERS.map((user) => user.login);
  const existing = new Set(
    (await db.select({ login: users.login }).from(users).where(inArray(users.login, logins))).map((row) => row.login),
  );
  for (const demo of DEMO_USERS) {
    // Null: another instance seeded it a moment ago.
    if (!existing.has(demo.login)) await transaction(db, (tx) => createPlayer(tx, demo));
  }
}
