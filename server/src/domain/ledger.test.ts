import { readFileSync } from 'node:fs';
import { type Settlement, toDecimal } from '@promo/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { accounts, ledgerEntries, lottoDraws, lottoTickets, users } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { demoUser } from '../seed/demo-players.ts';
import { DEMO_OPERATOR_KEY } from '../settings.ts';
import { newPlayer, type TestServer, useTestServer } from '../testing.ts';
import { creditCash } from './credit-cash.ts';
import { ledgerMismatches } from './ledger.ts';
import { ensureDraws, playerTickets } from './lotto.ts';
import { joinWheel, spinWheel } from './wheel.ts';

const CHECK = '/operator-api/v1/ledger/check';
const AUTH = { authorization: `Bearer ${DEMO_OPERATOR_KEY}` };
const TICKETS = '/web-api/api/v3/lotto/tickets';
const WHEEL = '/web-api/api/web/promotions/wheel/137';
// hot-streak: singles at 1.60 or more; the 10th win in a row pays $200 cash.
const HOT_STREAK_STEPS = 10;

/** A player's entries in one currency, oldest first. */
const entriesOf = (server: TestServer, userId: number, currencyCode: string) =>
  server.database.db
    .select({
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      kind: ledgerEntries.kind,
      reference: ledgerEntries.reference,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.currencyCode, currencyCode)))
    .orderBy(asc(ledgerEntries.id));

const accountOf = async (server: TestServer, userId: number, currencyCode: string) => {
  const [row] = await server.database.db
    .select({ id: accounts.id, amount: accounts.amount })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.currencyCode, currencyCode)));
  if (!row) throw new Error(`no ${currencyCode} account of ${userId}`);
  return row;
};

const idOf = async (server: TestServer, login: string) =>
  (await server.database.db.select({ id: users.id }).from(users).where(eq(users.login, login)))[0]?.id ?? 0;

/** The exact sum of decimal strings, with the ledger's 8 decimals. */
const sum = (amounts: string[]) => amounts.reduce((total, a) => total.plus(toDecimal(a)), toDecimal('0')).toFixed(8);

/** Every entry's balance_after is the running sum of the entries up to it, and the last one is the balance. */
async function expectChain(server: TestServer, userId: number, currencyCode: string) {
  const entries = await entriesOf(server, userId, currencyCode);
  entries.forEach((entry, i) => {
    expect(entry.balanceAfter).toBe(sum(entries.slice(0, i + 1).map((e) => e.amount)));
  });
  expect((await accountOf(server, userId, currencyCode)).amount).toBe(entries.at(-1)?.balanceAfter);
  return entries;
}

describe('the ledger: one entry per money movement', () => {
  const server = useTestServer(undefined);

  test('the seed opens every account with its balance; the check finds nothing', async () => {
    const uk = await idOf(server, 'demo.uk');
    const account = await accountOf(server, uk, 'USD');
    expect(await entriesOf(server, uk, 'USD')).toEqual([
      { amount: '75.00000000', balanceAfter: '75.00000000', kind: 'opening', reference: String(account.id) },
    ]);
    const player = await idOf(server, 'demo.player');
    expect((await entriesOf(server, player, 'mBTC'))[0]).toMatchObject({ kind: 'opening', amount: '3.25000000' });
    const check = await ledgerMismatches(server.database.db);
    expect(check.mismatches).toEqual([]);
    const [counted] = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(accounts);
    expect(check.accounts).toBe(counted?.n);
    expect(check.accounts).toBeGreaterThan(10);
  });

  test('30 concurrent lotto purchases: 11 are paid, 19 refused, never overdrawn, every one an entry', async () => {
    // $75.00 held; three Eurojackpot lines cost $6.60: eleven tickets leave $2.40.
    const me = await newPlayer(server, { accounts: [{ currencyCode: 'USD', amount: '75.00', active: true }] });
    const lines = [
      { main: [1, 2, 3, 4, 5], bonus: [1, 2] },
      { main: [6, 7, 8, 9, 10], bonus: [3, 4] },
      { main: [11, 12, 13, 14, 15], bonus: [5, 6] },
    ];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        me.call(
          'POST',
          TICKETS,
          { 'idempotency-key': `ledger-lotto-${String(n).padStart(4, '0')}` },
          {
            code: 'eurojackpot',
            lines,
            kind: 'default',
          },
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(11);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => [a.statusCode, a.json().error])).toEqual(Array(19).fill([409, 'insufficient_funds']));
    const paid = answers.filter((a) => a.statusCode === 200).map((a) => String(a.json().id));
    const entries = await expectChain(server, me.userId, 'USD');
    expect((await accountOf(server, me.userId, 'USD')).amount).toBe('2.40000000');
    const tickets = entries.filter((e) => e.kind === 'lotto_ticket');
    expect(tickets.map((e) => e.amount)).toEqual(Array(11).fill('-6.60000000'));
    expect(tickets.map((e) => e.reference).sort()).toEqual(paid.sort());
    expect(entries.map((e) => e.balanceAfter)).toEqual([
      '75.00000000',
      '68.40000000',
      '61.80000000',
      '55.20000000',
      '48.60000000',
      '42.00000000',
      '35.40000000',
      '28.80000000',
      '22.20000000',
      '15.60000000',
      '9.00000000',
      '2.40000000',
    ]);
    // A refused purchase leaves no ticket behind.
    const [held] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lottoTickets)
      .where(eq(lottoTickets.userId, me.userId));
    expect(held?.n).toBe(11);
    expect((await ledgerMismatches(server.database.db)).mismatches).toEqual([]);
  });

  test("a drawn ticket's winnings are one positive entry, credited once", async () => {
    const { countryCode, countryId } = demoUser('demo.arabic');
    const me = await newPlayer(server, { countryCode, countryId });
    const { db } = server.database;
    await ensureDraws(db, 'powerball');
    const [draw] = await db
      .select()
      .from(lottoDraws)
      .where(and(eq(lottoDraws.code, 'powerball'), sql`${lottoDraws.result} is not null`))
      .orderBy(asc(lottoDraws.drawAt))
      .limit(1);
    if (!draw?.result) throw new Error('no drawn Powerball draw');
    const before = (await accountOf(server, me.userId, 'USD')).amount;
    // Every number of the result: the jackpot.
    const [ticket] = await db
      .insert(lottoTickets)
      .values({
        userId: me.userId,
        drawId: draw.id,
        lines: [draw.result],
        kind: 'default',
        price: '2.00',
        currencyCode: 'USD',
      })
      .returning();
    await playerTickets(db, me.userId);
    await playerTickets(db, me.userId);
    const [settled] = await db
      .select()
      .from(lottoTickets)
      .where(eq(lottoTickets.id, ticket?.id ?? 0));
    expect(toDecimal(settled?.won ?? '0').gt(0)).toBe(true);
    const entries = await expectChain(server, me.userId, 'USD');
    const wins = entries.filter((e) => e.kind === 'lotto_win');
    expect(wins).toEqual([
      {
        amount: settled?.won,
        balanceAfter: toDecimal(before)
          .plus(toDecimal(settled?.won ?? '0'))
          .toFixed(8),
        kind: 'lotto_win',
        reference: String(ticket?.id),
      },
    ]);
  });

  test('cash credits: in the currency held, or converted into the active account; a cause moves money once', async () => {
    const { db } = server.database;
    const arabic = (await newPlayer(server)).userId;
    const before = (await accountOf(server, arabic, 'USD')).amount;
    const prize = { kind: 'wheel_prize', reference: 'spin-ledger-1' } as const;
    expect(await transaction(db, (tx) => creditCash(tx, arabic, '37.50', 'USD', prize))).toEqual({
      amount: '37.50',
      currencyCode: 'USD',
    });
    const after = toDecimal(before).plus(toDecimal('37.50')).toFixed(8);
    expect((await entriesOf(server, arabic, 'USD')).at(-1)).toEqual({
      amount: '37.50000000',
      balanceAfter: after,
      kind: 'wheel_prize',
      reference: 'spin-ledger-1',
    });
    // The same spin again is refused by the ledger and rolls back: the balance stays.
    await expect(transaction(db, (tx) => creditCash(tx, arabic, '37.50', 'USD', prize))).rejects.toThrow();
    expect((await accountOf(server, arabic, 'USD')).amount).toBe(after);
    // A player with euros only (demo.spinner's kind): $10 of promo cash is 9.20 euros.
    const spinner = (await newPlayer(server, { like: 2 })).userId;
    const eur = (await accountOf(server, spinner, 'EUR')).amount;
    await transaction(db, (tx) =>
      creditCash(tx, spinner, '10', 'USD', { kind: 'promo_cash', reference: 'credit-ledger-1' }),
    );
    expect((await entriesOf(server, spinner, 'EUR')).at(-1)).toEqual({
      amount: '9.20000000',
      balanceAfter: toDecimal(eur).plus(toDecimal('9.20')).toFixed(8),
      kind: 'promo_cash',
      reference: 'credit-ledger-1',
    });
    await expectChain(server, arabic, 'USD');
    await expectChain(server, spinner, 'EUR');
  });

  test("the operator feed's cash step is an entry on the account it lands on", async () => {
    // USD active beside a euro account; hot-streak's 10th win in a row pays $200 cash.
    const me = await newPlayer(server, {
      accounts: [
        { currencyCode: 'USD', amount: '40.00', active: true },
        { currencyCode: 'EUR', amount: '15.00', active: false },
      ],
    });
    const before = (await accountOf(server, me.userId, 'USD')).amount;
    const wins: Settlement[] = Array.from({ length: HOT_STREAK_STEPS }, (_, n) => ({
      id: `ledger-streak-${n}`,
      playerId: me.userId,
      kind: 'bet',
      settledAt: new Date(Date.now() - (40 - n) * 60_000).toISOString(),
      currency: 'USD',
      stake: '10.00',
      payout: '18.00',
      sportId: 1,
      betType: 'single',
      legs: 1,
      odds: '1.80',
    }));
    const posted = await server.app.inject({
      method: 'POST',
      url: '/operator-api/v1/settlements',
      headers: AUTH,
      payload: { items: wins },
    });
    expect(posted.statusCode).toBe(200);
    const entries = await expectChain(server, me.userId, 'USD');
    expect(entries.at(-1)).toMatchObject({
      amount: '200.00000000',
      balanceAfter: toDecimal(before).plus(toDecimal('200')).toFixed(8),
    });
  });

  test('30 concurrent wheel spins: each cash prize is one entry and the balance is the sum', async () => {
    const { db } = server.database;
    const me = await newPlayer(server);
    const earlier = (await entriesOf(server, me.userId, 'USD')).length;
    await me.call('POST', `${WHEEL}/confirm-participation`);
    // Through the app: three spins a day, so 3 answers and 27 refusals.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        me.call('POST', `${WHEEL}/spin`, { 'idempotency-key': `ledger-spin-${String(n).padStart(4, '0')}` }, {}),
      ),
    );
    const spun = answers.filter((a) => a.statusCode === 200);
    expect(spun).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(27);
    // And 30 concurrent spins of another wheel, each on a day of its own, so none runs out.
    const day = Date.parse('2031-03-01T12:00:00Z');
    await joinWheel(db, me.userId, 138, new Date(day));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        transaction(db, (tx) =>
          spinWheel(
            tx,
            { userId: me.userId, promotionId: 138, clientSeed: `ledger-${n}`, count: 1 },
            new Date(day + n * 86_400_000),
          ),
        ),
      ),
    );
    const prizes = [...spun.flatMap((a) => a.json().spins), ...results.flatMap((r) => r.spins)]
      .map((spin) => spin.prize)
      .filter((prize) => prize.kind === 'cash');
    expect(prizes.every((prize) => prize.currencyCode === 'USD')).toBe(true);
    const entries = await expectChain(server, me.userId, 'USD');
    const cash = entries.slice(earlier);
    expect(cash.map((e) => e.amount).sort()).toEqual(prizes.map((p) => toDecimal(p.amount).toFixed(8)).sort());
    expect((await ledgerMismatches(db)).mismatches).toEqual([]);
  });

  test('a balance changed behind the ledger, or a broken chain, is reported; the route needs the key', async () => {
    const { db } = server.database;
    // A player of its own: $2.40 opened, then two prizes: three entries, $32.40.
    const me = (await newPlayer(server, { accounts: [{ currencyCode: 'USD', amount: '2.40', active: true }] })).userId;
    for (const [n, amount] of ['10.00', '20.00'].entries()) {
      await transaction(db, (tx) => creditCash(tx, me, amount, 'USD', { kind: 'promo_cash', reference: `check-${n}` }));
    }
    const account = await accountOf(server, me, 'USD');
    const denied = await server.app.inject({ url: CHECK });
    expect([denied.statusCode, denied.json().error]).toEqual([401, 'operator_key']);
    const wrong = await server.app.inject({ url: CHECK, headers: { authorization: 'Bearer wrong' } });
    expect(wrong.statusCode).toBe(401);
    const clean = await server.app.inject({ url: CHECK, headers: AUTH });
    expect(clean.statusCode).toBe(200);
    expect(clean.headers['cache-control']).toBe('no-store');
    expect(clean.json()).toMatchObject({ ok: true, mismatches: [] });
    expect(clean.json().accounts).toBeGreaterThan(10);

    const [third] = await db
      .select({ id: ledgerEntries.id, balanceAfter: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, me))
      .orderBy(asc(ledgerEntries.id))
      .offset(2)
      .limit(1);
    try {
      await db
        .update(accounts)
        .set({ amount: sql`${accounts.amount} + 35.10` })
        .where(eq(accounts.id, account.id));
      const off = await server.app.inject({ url: CHECK, headers: AUTH });
      expect(off.json()).toEqual({
        ok: false,
        accounts: clean.json().accounts,
        mismatches: [
          {
            accountId: account.id,
            userId: me,
            currencyCode: 'USD',
            balance: '67.50000000',
            ledger: '32.40000000',
            entries: 3,
            brokenEntryId: null,
          },
        ],
      });
      await db.update(accounts).set({ amount: account.amount }).where(eq(accounts.id, account.id));
      expect((await ledgerMismatches(db)).mismatches).toEqual([]);

      // An entry whose balance_after is not the running sum breaks the chain there.
      await db
        .update(ledgerEntries)
        .set({ balanceAfter: '32.40000001' })
        .where(eq(ledgerEntries.id, third?.id ?? 0));
      expect((await ledgerMismatches(db)).mismatches).toEqual([
        expect.objectContaining({ accountId: account.id, ledger: '32.40000000', brokenEntryId: third?.id }),
      ]);
    } finally {
      // Whatever failed above, the other tests (in any order) find a clean ledger.
      await db.update(accounts).set({ amount: account.amount }).where(eq(accounts.id, account.id));
      await db
        .update(ledgerEntries)
        .set({ balanceAfter: third?.balanceAfter })
        .where(eq(ledgerEntries.id, third?.id ?? 0));
    }
    expect((await ledgerMismatches(db)).mismatches).toEqual([]);
  });
});

describe('migration 0018 on an existing database', () => {
  const server = useTestServer(undefined);

  test('accounts without entries open their ledger with their balance, once', async () => {
    const { db } = server.database;
    // A database from before the ledger: balances, no entries.
    await db.delete(ledgerEntries);
    const before = await ledgerMismatches(db);
    expect(before.mismatches.length).toBeGreaterThan(0);
    const backfill = readFileSync(new URL('../../drizzle/0018_ledger.sql', import.meta.url), 'utf8')
      .split('--> statement-breakpoint')
      .at(-1);
    expect(backfill).toContain('INSERT INTO "ledger_entries"');
    await db.execute(sql.raw(backfill ?? ''));
    await db.execute(sql.raw(backfill ?? ''));
    expect((await ledgerMismatches(db)).mismatches).toEqual([]);
    const uk = await idOf(server, 'demo.uk');
    expect(await entriesOf(server, uk, 'USD')).toEqual([
      {
        amount: '75.00000000',
        balanceAfter: '75.00000000',
        kind: 'opening',
        reference: String((await accountOf(server, uk, 'USD')).id),
      },
    ]);
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
    expect(counted?.n).toBe(before.accounts);
  });
});
