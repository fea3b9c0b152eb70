import { randomUUID } from 'node:crypto';
import { type Adjustment, CONSOLE_ENDPOINTS, type PlayerView, SUPPORT_ENDPOINTS } from '@promo/contract';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { redactedUrl } from '../app.ts';
import { accounts, adjustments, auditLog, ledgerEntries, promoCredits } from '../db/schema.ts';
import { ledgerMismatches } from '../domain/ledger.ts';
import { DEMO_OPERATOR_KEY } from '../settings.ts';
import {
  auditCount,
  consoleCall as call,
  newPlayer,
  type Staff,
  staffSessions,
  type TestServer,
  consoleUrl as url,
  useTestServer,
} from '../testing.ts';

const WHEEL = '/web-api/api/web/promotions/wheel/137';

const balanceOf = async (server: TestServer, userId: number, currencyCode = 'USD') =>
  (
    await server.database.db
      .select({ amount: accounts.amount })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.currencyCode, currencyCode)))
  )[0]?.amount;

const expectLedgerClean = async (server: TestServer) =>
  expect((await ledgerMismatches(server.database.db)).mismatches).toEqual([]);

/** A fresh Idempotency-Key, as a console form makes one per submission. */
const freshKey = () => `test-key-${randomUUID()}`;

function requestAdjustment(server: TestServer, who: Staff, playerId: number, payload: object, key = freshKey()) {
  return call(server, who, 'POST', url(SUPPORT_ENDPOINTS.adjustmentRequest, { id: playerId }), {
    payload,
    headers: { 'idempotency-key': key },
  });
}

function decide(server: TestServer, who: Staff, id: number, payload: object, key = freshKey(), language = 'en') {
  return call(server, who, 'POST', url(SUPPORT_ENDPOINTS.adjustmentDecide, { id }), {
    payload,
    headers: { 'idempotency-key': key, 'accept-language': language },
  });
}

describe('player support: look-ups', () => {
  const server = useTestServer(undefined);
  const staffOf = staffSessions(server);

  test('support finds a player by exact login or id, the login masked; an admin sees it; each look-up is audited', async () => {
    const me = await newPlayer(server);
    const support = await staffOf('support');
    const admin = await staffOf('admin');
    const before = await auditCount(server);
    const byLogin = await call(server, support, 'GET', url(SUPPORT_ENDPOINTS.playerSearch, {}, `?q=${me.login}`));
    expect(byLogin.statusCode, byLogin.body).toBe(200);
    const [hit] = byLogin.json().items;
    expect(hit).toMatchObject({ id: me.userId, login: `${me.login.slice(0, 2)}•••${me.login.slice(-1)}` });
    const byId = await call(server, support, 'GET', url(SUPPORT_ENDPOINTS.playerSearch, {}, `?q=${me.userId}`));
    expect(byId.json().items.map((item: { id: number }) => item.id)).toEqual([me.userId]);
    // No prefix search: a part of a login finds no one.
    const part = await call(server, support, 'GET', url(SUPPORT_ENDPOINTS.playerSearch, {}, '?q=test.player'));
    expect(part.json().items).toEqual([]);
    const unmasked = await call(server, admin, 'GET', url(SUPPORT_ENDPOINTS.playerSearch, {}, `?q=${me.login}`));
    expect(unmasked.json().items[0].login).toBe(me.login);
    expect(await auditCount(server)).toBe(before + 4);
    const searches = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'search'));
    expect(searches.at(-1)).toMatchObject({ actor: 'demo.admin', entity: 'player', entityId: String(me.userId) });
    // The log every member reads names the player by id, never by login.
    expect(JSON.stringify(searches)).not.toContain(me.login);
  });

  test.each([
    ['no query', '', 400, 'invalid_param'],
    ['a query too long', `?q=${'x'.repeat(65)}`, 400, 'invalid_param'],
  ])('a search with %s is refused', async (_what, query, status, code) => {
    const support = await staffOf('support');
    const answer = await call(server, support, 'GET', url(SUPPORT_ENDPOINTS.playerSearch, {}, query));
    expect([answer.statusCode, answer.json().error]).toEqual([status, code]);
  });

  test('the support view: accounts, ledger with running balance, spins with their proof, sign-ins; audited', async () => {
    const me = await newPlayer(server);
    await me.call('POST', `${WHEEL}/confirm-participation`);
    const spun = await me.call('POST', `${WHEEL}/spin/all`, { 'idempotency-key': freshKey() }, {});
    expect(spun.statusCode, spun.body).toBe(200);
    const support = await staffOf('support');
    const before = await auditCount(server);
    const answer = await call(server, support, 'GET', url(SUPPORT_ENDPOINTS.player, { id: me.userId }));
    expect(answer.statusCode, answer.body).toBe(200);
    const view = answer.json() as PlayerView;
    expect(await auditCount(server)).toBe(before + 1);
    expect(view.masked).toBe(true);
    expect(view.player.login).not.toBe(me.login);
    expect(view.accounts).toEqual([{ currencyCode: 'USD', balance: await balanceOf(server, me.userId), active: true }]);
    // Newest first; each entry's balance is the one before it plus its amount.
    const oldestFirst = [...view.ledger].reverse();
    expect(oldestFirst[0]?.kind).toBe('opening');
    for (const [index, row] of oldestFirst.entries()) {
      const previous = index === 0 ? 0 : Number(oldestFirst[index - 1]?.balanceAfter);
      expect(Number(row.balanceAfter)).toBeCloseTo(previous + Number(row.amount), 8);
    }
    expect(Number(view.ledger[0]?.balanceAfter)).toBe(Number(view.accounts[0]?.balance));
    expect(view.spins).toHaveLength(3);
    expect(view.spins.every((spin) => spin.proofHolds && spin.promotion.length > 0)).toBe(true);
    // Every cash prize is in the ledger, under its spin's id.
    const cash = view.spins.filter((spin) => spin.prize.kind === 'cash');
    expect(view.ledger.filter((row) => row.kind === 'wheel_prize').map((row) => row.reference)).toEqual(
      expect.arrayContaining(cash.map((spin) => String(spin.id))),
    );
    expect(view.signIns[0]).toMatchObject({ via: 'site', endedAt: null });
  });

  test('a masked login is revealed for a reason, which the audit log keeps; no reason, no login', async () => {
    const me = await newPlayer(server);
    const support = await staffOf('support');
    const before = await auditCount(server);
    const bare = await call(server, support, 'POST', url(SUPPORT_ENDPOINTS.playerReveal, { id: me.userId }), {
      payload: { reason: ' ' },
    });
    expect([bare.statusCode, bare.json().error]).toEqual([400, 'invalid_body']);
    expect(await auditCount(server)).toBe(before);
    const shown = await call(server, support, 'POST', url(SUPPORT_ENDPOINTS.playerReveal, { id: me.userId }), {
      payload: { reason: 'Player called about ticket 4411 and gave their login' },
    });
    expect(shown.json()).toEqual({ login: me.login, settlementIds: [] });
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reveal'), eq(auditLog.entityId, String(me.userId))));
    expect(entry).toMatchObject({ actor: 'demo.support', entity: 'player' });
    expect(JSON.stringify(entry?.diff)).toContain('ticket 4411');
    expect(JSON.stringify(entry?.diff)).not.toContain(me.login);
  });

  test('an unknown player is a 404 with its code, in the request language', async () => {
    const support = await staffOf('support');
    const answer = await call(server, support, 'GET', url(SUPPORT_ENDPOINTS.player, { id: 999_999 }), {
      headers: { 'accept-language': 'ru' },
    });
    expect([answer.statusCode, answer.json().error]).toEqual([404, 'player_not_found']);
    expect(answer.json().message).toBe('Игрока с id 999999 нет.');
  });
});

describe('adjustments: four eyes, once, in the ledger', () => {
  const server = useTestServer(undefined);
  const staffOf = staffSessions(server);

  test('requested by support, nothing moves; approved by a publisher, the balance moves once', async () => {
    const me = await newPlayer(server);
    const support = await staffOf('support');
    const publisher = await staffOf('publisher');
    const body = { currencyCode: 'USD', amount: '12.50', reason: 'Wheel prize not credited (ticket 4411)' };
    const key = freshKey();
    const requested = await requestAdjustment(server, support, me.userId, body, key);
    expect(requested.statusCode, requested.body).toBe(201);
    const adjustment = requested.json() as Adjustment;
    expect(adjustment).toMatchObject({ state: 'pending', amount: '12.50000000', requestedBy: 'demo.support' });
    expect(await balanceOf(server, me.userId)).toBe('100.00000000');
    // The same request again answers the first; the key with another body is refused.
    const again = await requestAdjustment(server, support, me.userId, body, key);
    expect([again.statusCode, again.json().id, again.headers['idempotent-replayed']]).toEqual([
      200,
      adjustment.id,
      'true',
    ]);
    const other = await requestAdjustment(server, support, me.userId, { ...body, amount: '99.00' }, key);
    expect([other.statusCode, other.json().error]).toEqual([422, 'key_reused']);
    // Support may not decide.
    const bySupport = await decide(server, support, adjustment.id, { approve: true });
    expect([bySupport.statusCode, bySupport.json().error]).toEqual([403, 'forbidden_role']);
    await expectLedgerClean(server);

    const approvalKey = freshKey();
    const approved = await decide(server, publisher, adjustment.id, { approve: true }, approvalKey);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      state: 'applied',
      decidedBy: 'demo.publisher',
      balanceAfter: '112.50000000',
    });
    expect(await balanceOf(server, me.userId)).toBe('112.50000000');
    const entries = await server.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, me.userId), eq(ledgerEntries.kind, 'adjustment')));
    expect(entries.map((row) => [row.amount, row.reference])).toEqual([['12.50000000', String(adjustment.id)]]);
    // The same approval sent twice applies once; another decision of a decided one is a 409.
    const repeat = await decide(server, publisher, adjustment.id, { approve: true }, approvalKey);
    expect([repeat.statusCode, repeat.json().state, repeat.headers['idempotent-replayed']]).toEqual([
      200,
      'applied',
      'true',
    ]);
    const admin = await staffOf('admin');
    const late = await decide(server, admin, adjustment.id, { approve: true });
    expect([late.statusCode, late.json().error]).toEqual([409, 'adjustment_decided']);
    expect(await balanceOf(server, me.userId)).toBe('112.50000000');
    await expectLedgerClean(server);
    // The support view and the audit log show it.
    const view = (await call(server, support, 'GET', url(SUPPORT_ENDPOINTS.player, { id: me.userId }))).json();
    expect(view.adjustments[0]).toMatchObject({ id: adjustment.id, state: 'applied' });
    expect(view.ledger[0]).toMatchObject({ kind: 'adjustment', amount: '12.50000000', balanceAfter: '112.50000000' });
    const trail = await server.database.db
      .select({ action: auditLog.action, actor: auditLog.actor })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'adjustment'), eq(auditLog.entityId, String(adjustment.id))));
    expect(trail).toEqual([
      { action: 'request', actor: 'demo.support' },
      { action: 'approve', actor: 'demo.publisher' },
    ]);
  });

  test('four eyes: the requester cannot decide; a rejection needs a note and moves nothing', async () => {
    const me = await newPlayer(server);
    const publisher = await staffOf('publisher');
    const admin = await staffOf('admin');
    const requested = (
      await requestAdjustment(server, publisher, me.userId, {
        currencyCode: 'USD',
        amount: '-5.00',
        reason: 'Duplicate promo cash',
      })
    ).json() as Adjustment;
    const own = await decide(server, publisher, requested.id, { approve: true }, freshKey(), 'ar');
    expect([own.statusCode, own.json().error]).toEqual([409, 'four_eyes']);
    expect(own.json().message).toContain('موظف آخر');
    const bare = await decide(server, admin, requested.id, { approve: false });
    expect([bare.statusCode, bare.json().error]).toEqual([400, 'note_required']);
    const rejected = await decide(server, admin, requested.id, { approve: false, note: 'Not a duplicate' });
    expect(rejected.json()).toMatchObject({ state: 'rejected', note: 'Not a duplicate', ledgerEntryId: null });
    expect(await balanceOf(server, me.userId)).toBe('100.00000000');
    await expectLedgerClean(server);
  });

  test('a debit larger than the balance is refused at approval and stays pending', async () => {
    const me = await newPlayer(server);
    const support = await staffOf('support');
    const admin = await staffOf('admin');
    const requested = (
      await requestAdjustment(server, support, me.userId, {
        currencyCode: 'USD',
        amount: '-150.00',
        reason: 'Charge-back of a deposit',
      })
    ).json() as Adjustment;
    const answer = await decide(server, admin, requested.id, { approve: true });
    expect([answer.statusCode, answer.json().error]).toEqual([409, 'insufficient_balance']);
    const list = await call(server, admin, 'GET', url(SUPPORT_ENDPOINTS.adjustments, {}, '?state=pending'));
    expect(list.json().items.map((item: Adjustment) => item.id)).toContain(requested.id);
    expect(await balanceOf(server, me.userId)).toBe('100.00000000');
    await expectLedgerClean(server);
  });

  test.each([
    ['an amount of zero', { currencyCode: 'USD', amount: '0.00', reason: 'Nothing at all' }, 400, 'invalid_body'],
    ['no reason', { currencyCode: 'USD', amount: '1.00', reason: '   ' }, 400, 'invalid_body'],
    [
      'three decimals in dollars',
      { currencyCode: 'USD', amount: '1.005', reason: 'Rounding fix' },
      400,
      'amount_precision',
    ],
    [
      'a currency the player has no account in',
      { currencyCode: 'EUR', amount: '1.00', reason: 'Goodwill' },
      409,
      'player_no_account',
    ],
  ])('a request with %s is refused and writes nothing', async (_what, payload, status, code) => {
    const me = await newPlayer(server);
    const support = await staffOf('support');
    const before = await auditCount(server);
    const answer = await requestAdjustment(server, support, me.userId, payload);
    expect([answer.statusCode, answer.json().error]).toEqual([status, code]);
    expect(answer.json().message.length).toBeGreaterThan(0);
    expect(await auditCount(server)).toBe(before);
    const [stored] = await server.database.db
      .select({ n: count() })
      .from(adjustments)
      .where(eq(adjustments.userId, me.userId));
    expect(stored?.n).toBe(0);
  });

  test('a request without an Idempotency-Key is refused', async () => {
    const me = await newPlayer(server);
    const support = await staffOf('support');
    const answer = await call(server, support, 'POST', url(SUPPORT_ENDPOINTS.adjustmentRequest, { id: me.userId }), {
      payload: { currencyCode: 'USD', amount: '1.00', reason: 'Goodwill gesture' },
    });
    expect([answer.statusCode, answer.json().error]).toEqual([400, 'idempotency_key_required']);
  });

  // On PostgreSQL (server-postgres) the two decisions run side by side and the row lock decides;
  // PGlite runs one transaction at a time, so there it checks the second answer only.
  test('two approvers at once: one applies, the other is told it is decided', async () => {
    const me = await newPlayer(server);
    const support = await staffOf('support');
    const [publisher, admin] = [await staffOf('publisher'), await staffOf('admin')];
    const requested = (
      await requestAdjustment(server, support, me.userId, {
        currencyCode: 'USD',
        amount: '7.25',
        reason: 'Goodwill gesture',
      })
    ).json() as Adjustment;
    const answers = await Promise.all([
      decide(server, publisher, requested.id, { approve: true }),
      decide(server, admin, requested.id, { approve: true }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(server, me.userId)).toBe('107.25000000');
    await expectLedgerClean(server);
  });

  /** A promotion credit of the player's, as a settled-bets mechanic would have paid it. */
  async function creditFor(userId: number, kind: 'cash' | 'freebet', amount: string) {
    const [row] = await server.database.db
      .insert(promoCredits)
      .values({ promotionId: 137, userId, occasion: `test-${randomUUID()}`, kind, amount, currencyCode: 'USD' })
      .returning({ id: promoCredits.id });
    if (!row) throw new Error('no credit');
    return row.id;
  }
  const creditAmount = async (id: number) =>
    (
      await server.database.db.select({ amount: promoCredits.amount }).from(promoCredits).where(eq(promoCredits.id, id))
    )[0]?.amount;

  test('a promotion credit: a free bet moves alone, a cash credit moves the account with it', async () => {
    const me = await newPlayer(server);
    const support = await staffOf('support');
    const admin = await staffOf('admin');
    const freeBet = await creditFor(me.userId, 'freebet', '5.00');
    const cash = await creditFor(me.userId, 'cash', '10.00');
    const bet = (
      await requestAdjustment(server, support, me.userId, {
        currencyCode: 'USD',
        amount: '2.50',
        reason: 'Free bet short by 2.50',
        creditId: freeBet,
      })
    ).json() as Adjustment;
    expect(bet.credit).toEqual({ id: freeBet, promotion: expect.any(String), kind: 'freebet' });
    expect(await creditAmount(freeBet)).toBe('5.00000000');
    const betApplied = await decide(server, admin, bet.id, { approve: true });
    expect(betApplied.json()).toMatchObject({ state: 'applied', ledgerEntryId: null, balanceAfter: null });
    expect(await creditAmount(freeBet)).toBe('7.50000000');
    expect(await balanceOf(server, me.userId)).toBe('100.00000000');

    const refund = (
      await requestAdjustment(server, support, me.userId, {
        currencyCode: 'USD',
        amount: '-4.00',
        reason: 'Cash credit paid twice',
        creditId: cash,
      })
    ).json() as Adjustment;
    const refundApplied = await decide(server, admin, refund.id, { approve: true });
    expect(refundApplied.json()).toMatchObject({ state: 'applied', balanceAfter: '96.00000000' });
    expect(await creditAmount(cash)).toBe('6.00000000');
    expect(await balanceOf(server, me.userId)).toBe('96.00000000');
    // Below zero is refused at approval, and nothing moves.
    const tooMuch = (
      await requestAdjustment(server, support, me.userId, {
        currencyCode: 'USD',
        amount: '-8.00',
        reason: 'Reverse the whole free bet',
        creditId: freeBet,
      })
    ).json() as Adjustment;
    const refused = await decide(server, admin, tooMuch.id, { approve: true });
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'credit_below_zero']);
    expect(await creditAmount(freeBet)).toBe('7.50000000');
    await expectLedgerClean(server);
  });

  test("another player's credit, or a credit in another currency, is refused and writes nothing", async () => {
    const me = await newPlayer(server);
    const other = await newPlayer(server);
    const support = await staffOf('support');
    const theirs = await creditFor(other.userId, 'freebet', '5.00');
    const before = await auditCount(server);
    const foreign = await requestAdjustment(server, support, me.userId, {
      currencyCode: 'USD',
      amount: '1.00',
      reason: 'Not this player',
      creditId: theirs,
    });
    expect([foreign.statusCode, foreign.json().error]).toEqual([404, 'credit_not_found']);
    const mine = await creditFor(me.userId, 'freebet', '5.00');
    const euros = await requestAdjustment(server, support, me.userId, {
      currencyCode: 'EUR',
      amount: '1.00',
      reason: 'Wrong currency',
      creditId: mine,
    });
    expect([euros.statusCode, euros.json().error]).toEqual([409, 'credit_currency']);
    expect(await auditCount(server)).toBe(before);
  });

  test('an operator key may not look players up, request or decide: player support is for people', async () => {
    const me = await newPlayer(server);
    const support = await staffOf('support');
    const key = { authorization: `Bearer ${DEMO_OPERATOR_KEY}` };
    const byKey = (method: 'GET' | 'POST', path: string, payload?: object) =>
      server.app.inject({
        method,
        url: path,
        headers: { ...key, 'idempotency-key': freshKey() },
        ...(payload ? { payload } : {}),
      });
    const requested = (
      await requestAdjustment(server, support, me.userId, {
        currencyCode: 'USD',
        amount: '5.00',
        reason: 'Goodwill gesture',
      })
    ).json() as Adjustment;
    const before = await auditCount(server);
    for (const answer of [
      await byKey('GET', url(SUPPORT_ENDPOINTS.playerSearch, {}, `?q=${me.login}`)),
      await byKey('GET', url(SUPPORT_ENDPOINTS.player, { id: me.userId })),
      await byKey('POST', url(SUPPORT_ENDPOINTS.adjustmentRequest, { id: me.userId }), {
        currencyCode: 'USD',
        amount: '500.00',
        reason: 'A machine asking',
      }),
      await byKey('POST', url(SUPPORT_ENDPOINTS.adjustmentDecide, { id: requested.id }), { approve: true }),
    ])
      expect([answer.statusCode, answer.json().error]).toEqual([403, 'staff_only']);
    expect(await auditCount(server)).toBe(before);
    expect(await balanceOf(server, me.userId)).toBe('100.00000000');
  });

  test('the same request sent four times at once is stored once, and every answer is that one', async () => {
    const me = await newPlayer(server);
    const support = await staffOf('support');
    const key = freshKey();
    const body = { currencyCode: 'USD', amount: '3.00', reason: 'Retry after a lost answer' };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => requestAdjustment(server, support, me.userId, body, key)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    const [stored] = await server.database.db
      .select({ n: count() })
      .from(adjustments)
      .where(eq(adjustments.userId, me.userId));
    expect(stored?.n).toBe(1);
    // The same key for another player is another call.
    const other = await newPlayer(server);
    const elsewhere = await requestAdjustment(server, support, other.userId, body, key);
    expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([422, 'key_reused']);
  });

  test("one decision's key is not another's: the same key on a second adjustment is refused", async () => {
    const me = await newPlayer(server);
    const support = await staffOf('support');
    const admin = await staffOf('admin');
    const body = { currencyCode: 'USD', amount: '2.00', reason: 'Goodwill gesture' };
    const first = (await requestAdjustment(server, support, me.userId, body)).json() as Adjustment;
    const second = (await requestAdjustment(server, support, me.userId, body)).json() as Adjustment;
    const key = freshKey();
    expect((await decide(server, admin, first.id, { approve: true }, key)).statusCode).toBe(200);
    const reused = await decide(server, admin, second.id, { approve: true }, key);
    expect([reused.statusCode, reused.json().error]).toEqual([422, 'key_reused']);
    expect(await balanceOf(server, me.userId)).toBe('102.00000000');
  });

  test('mBTC takes four decimals, not five; a lower-case code is the account it names', async () => {
    const me = await newPlayer(server, { accounts: [{ currencyCode: 'mBTC', amount: '1.0000', active: true }] });
    const support = await staffOf('support');
    const five = await requestAdjustment(server, support, me.userId, {
      currencyCode: 'mBTC',
      amount: '0.00001',
      reason: 'Dust correction',
    });
    expect([five.statusCode, five.json().error]).toEqual([400, 'amount_precision']);
    const four = await requestAdjustment(server, support, me.userId, {
      currencyCode: 'mbtc',
      amount: '0.0001',
      reason: 'Dust correction',
    });
    expect([four.statusCode, four.json().currencyCode]).toEqual([201, 'mBTC']);
    const [rows] = await server.database.db
      .select({ n: count() })
      .from(adjustments)
      .where(eq(adjustments.userId, me.userId));
    expect(rows?.n).toBe(1);
  });

  test('the queue pages oldest first, and reading it is audited', async () => {
    const me = await newPlayer(server);
    const support = await staffOf('support');
    const body = { currencyCode: 'USD', amount: '1.00', reason: 'Goodwill gesture' };
    for (let n = 0; n < 3; n += 1) await requestAdjustment(server, support, me.userId, body);
    const before = await auditCount(server);
    const firstPage = (
      await call(server, support, 'GET', url(SUPPORT_ENDPOINTS.adjustments, {}, '?state=pending&size=2'))
    ).json();
    const ids = firstPage.items.map((item: Adjustment) => item.id);
    expect(ids[0]).toBeLessThan(ids[1]);
    expect(firstPage.next).toBe(ids[1]);
    const secondPage = (
      await call(
        server,
        support,
        'GET',
        url(SUPPORT_ENDPOINTS.adjustments, {}, `?state=pending&size=2&after=${firstPage.next}`),
      )
    ).json();
    expect(secondPage.items[0].id).toBeGreaterThan(ids[1]);
    expect(await auditCount(server)).toBe(before + 2);
  });

  test('an editor reads no player look-ups or adjustments in the audit log', async () => {
    const me = await newPlayer(server);
    const support = await staffOf('support');
    await requestAdjustment(server, support, me.userId, {
      currencyCode: 'USD',
      amount: '1.00',
      reason: 'Goodwill gesture',
    });
    const editor = await staffOf('editor');
    const entries = (await call(server, editor, 'GET', url(CONSOLE_ENDPOINTS.audit, {}, '?size=200'))).json().items;
    expect(entries.filter((entry: { entity: string }) => ['player', 'adjustment'].includes(entry.entity))).toEqual([]);
    const asSupport = (
      await call(server, support, 'GET', url(CONSOLE_ENDPOINTS.audit, {}, '?entity=adjustment'))
    ).json();
    expect(asSupport.items.length).toBeGreaterThan(0);
  });
});

describe('the request log', () => {
  test("keeps a player search's path, not the login it names", () => {
    expect(redactedUrl('/operator-api/v1/players?q=demo.player')).toBe('/operator-api/v1/players?q=…');
    expect(redactedUrl('/operator-api/v1/players/7')).toBe('/operator-api/v1/players/7');
    expect(redactedUrl('/web-api/x?q=keep')).toBe('/web-api/x?q=keep');
  });
});
