import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { accounts, users } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { demoUser } from '../seed/demo-players.ts';
import { useTestServer } from '../testing.ts';
import { creditCash } from './credit-cash.ts';

describe('cash is credited to an account the player holds, never dropped', () => {
  const server = useTestServer(undefined);
  const balance = async (login: string, currencyCode: string) => {
    const [row] = await server.database.db
      .select({ amount: accounts.amount })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(and(eq(users.login, login), eq(accounts.currencyCode, currencyCode)));
    return row?.amount;
  };
  const idOf = async (login: string) =>
    (await server.database.db.select({ id: users.id }).from(users).where(eq(users.login, login)))[0]?.id ?? 0;

  test('in its own currency when held; converted into the active account when not', async () => {
    const spinner = await idOf('demo.spinner');
    // demo.spinner holds euros only: $10 of a dollar wheel becomes 9.20 euros.
    const before = await balance('demo.spinner', 'EUR');
    const credited = await transaction(server.database.db, (tx) => creditCash(tx, spinner, '10', 'USD'));
    expect(credited).toEqual({ amount: '9.20', currencyCode: 'EUR' });
    expect(Number(await balance('demo.spinner', 'EUR'))).toBeCloseTo(Number(before) + 9.2, 2);
    const wallet = await idOf('demo.wallet');
    const eur = await balance('demo.wallet', 'EUR');
    expect(await transaction(server.database.db, (tx) => creditCash(tx, wallet, '5', 'EUR'))).toEqual({
      amount: '5',
      currencyCode: 'EUR',
    });
    expect(Number(await balance('demo.wallet', 'EUR'))).toBeCloseTo(Number(eur) + 5, 2);
  });

  test('a player without any account is a refusal, and nothing is written', async () => {
    const { countryCode, countryId } = demoUser('demo.player');
    const [nobody] = await server.database.db
      .insert(users)
      .values({ login: 'no.account', passwordHash: 'disabled', countryCode, countryId })
      .returning({ id: users.id });
    await expect(
      transaction(server.database.db, (tx) => creditCash(tx, nobody?.id ?? 0, '5', 'USD')),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'no_account',
    });
  });
});
