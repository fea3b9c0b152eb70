import { CONSOLE_ENDPOINTS, STAFF_SESSION_COOKIE, type StaffRole, type StaffSession } from '@promo/contract';
import { desc } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog, staffSessions as sessionRows } from '../db/schema.ts';
import { DEVELOPMENT_SCRYPT_LOG2N } from '../domain/passwords.ts';
import { createStaff } from '../domain/staff.ts';
import {
  auditCount,
  consoleCall as call,
  type Staff,
  staffSessions,
  staffSignInAs,
  consoleUrl as url,
  useTestServer,
} from '../testing.ts';

const PASSWORD = 'a long enough password';

/**
 * Live staff sessions (issue 40): each member sees and ends their own signed-in browsers, an admin
 * sees and revokes anyone's (audited); an ended session's next request is 401 staff_session.
 */
describe('staff sessions, listed and ended one by one', () => {
  const server = useTestServer(undefined);
  const staffOf = staffSessions(server);

  /** A new member (no second factor) of a role, for one test: their sessions are theirs alone. */
  const newMember = async (login: string, role: StaffRole = 'editor') => {
    await createStaff(server.database.db, { login, password: PASSWORD, role }, DEVELOPMENT_SCRYPT_LOG2N);
    return (address?: string) => staffSignInAs(server, login, PASSWORD, address ? { address } : {});
  };
  const me = (who: Staff) => call(server, who, 'GET', url(CONSOLE_ENDPOINTS.me));
  const mine = async (who: Staff): Promise<StaffSession[]> => {
    const answer = await call(server, who, 'GET', url(CONSOLE_ENDPOINTS.mySessions));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const endMine = (who: Staff, id: string, language = 'en') =>
    call(server, who, 'DELETE', url(CONSOLE_ENDPOINTS.mySessionEnd, { id }), {
      headers: { 'accept-language': language },
    });
  const listed = async (who: Staff, login: string): Promise<StaffSession[]> => {
    const answer = await call(server, who, 'GET', url(CONSOLE_ENDPOINTS.staffSessions, {}, `?login=${login}`));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const revoke = (who: Staff, id: string, language = 'en') =>
    call(server, who, 'DELETE', url(CONSOLE_ENDPOINTS.staffSessionRevoke, { id }), {
      headers: { 'accept-language': language },
    });
  const lastAudit = async () => {
    const [row] = await server.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    return row && { actor: row.actor, entity: row.entity, entityId: row.entityId, action: row.action, diff: row.diff };
  };
  /** The audit entry of `actor` ending a session of `login`: which session it was and where from. */
  const revocation = (actor: string, login: string, session: StaffSession | undefined, address: string) => ({
    actor,
    entity: 'staff',
    entityId: login,
    action: 'revoke-session',
    diff: { session: [{ id: session?.id, address, createdAt: session?.createdAt }, null] },
  });

  test("two sessions of one member: both listed, the caller's marked, with where they came from", async () => {
    const signIn = await newMember('two.browsers');
    const laptop = await signIn('198.51.100.7');
    const phone = await signIn('203.0.113.9');
    const fromLaptop = await mine(laptop);
    expect(
      fromLaptop
        .map(({ login, role, address, current }) => ({ login, role, address, current }))
        .sort((a, b) => a.address.localeCompare(b.address)),
    ).toEqual([
      { login: 'two.browsers', role: 'editor', address: '198.51.100.7', current: true },
      { login: 'two.browsers', role: 'editor', address: '203.0.113.9', current: false },
    ]);
    // The phone sees the same two, itself marked.
    const fromPhone = await mine(phone);
    expect(fromPhone.find((session) => session.current)?.address).toBe('203.0.113.9');
    expect(new Set(fromPhone.map((session) => session.id))).toEqual(new Set(fromLaptop.map((session) => session.id)));
    // Each idles out 30 minutes after its last request, and its times are whole seconds.
    for (const session of fromLaptop) {
      expect(session.idleUntil - session.lastSeenAt).toBe(30 * 60);
      expect(session.createdAt).toBeLessThanOrEqual(session.lastSeenAt);
    }
    // A session's id is not what the server keeps of its token.
    const stored = (await server.database.db.select({ hash: sessionRows.tokenHash }).from(sessionRows)).map(
      (row) => row.hash,
    );
    expect(fromLaptop.filter((session) => stored.includes(session.id))).toEqual([]);
  });

  test('ending the other session: its next request is 401 staff_session, this one still works; audited', async () => {
    const signIn = await newMember('lost.laptop');
    const laptop = await signIn('198.51.100.7');
    const desk = await signIn('192.0.2.10');
    const other = (await mine(desk)).find((session) => !session.current);
    const before = await auditCount(server);
    const ended = await endMine(desk, other?.id ?? '');
    expect([ended.statusCode, ended.json()]).toEqual([200, { ok: true }]);
    // This browser keeps its cookie.
    expect(ended.headers['set-cookie']).toBeUndefined();
    const refused = await me(laptop);
    expect([refused.statusCode, refused.json().error]).toEqual([401, 'staff_session']);
    expect((await me(desk)).json()).toMatchObject({ login: 'lost.laptop' });
    expect((await mine(desk)).map((session) => [session.address, session.current])).toEqual([['192.0.2.10', true]]);
    expect(await auditCount(server)).toBe(before + 1);
    expect(await lastAudit()).toEqual(revocation('lost.laptop', 'lost.laptop', other, '198.51.100.7'));
    // Ended once: a second time it is not found.
    const again = await endMine(desk, other?.id ?? '');
    expect([again.statusCode, again.json().error]).toEqual([404, 'session_not_found']);
  });

  test('ending this session signs out: the cookie is cleared and the next request is refused', async () => {
    const browser = await (await newMember('signs.out'))();
    const [own] = await mine(browser);
    const ended = await endMine(browser, own?.id ?? '');
    expect(ended.statusCode).toBe(200);
    const cleared = String(ended.headers['set-cookie']);
    expect(cleared).toMatch(new RegExp(`^${STAFF_SESSION_COOKIE}=;`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    const refused = await me(browser);
    expect([refused.statusCode, refused.json().error]).toEqual([401, 'staff_session']);
  });

  test("an admin sees a member's sessions and revokes one: audited, the member's next request is 401", async () => {
    const admin = await staffOf('admin');
    const shared = await (await newMember('shared.machine', 'support'))('192.0.2.44');
    const [session, ...more] = await listed(admin, 'shared.machine');
    expect(more).toEqual([]);
    expect(session).toMatchObject({ login: 'shared.machine', role: 'support', address: '192.0.2.44', current: false });
    const before = await auditCount(server);
    const revoked = await revoke(admin, session?.id ?? '');
    expect([revoked.statusCode, revoked.json()]).toEqual([200, { ok: true }]);
    // The admin's own session goes on.
    expect(revoked.headers['set-cookie']).toBeUndefined();
    expect((await me(admin)).statusCode).toBe(200);
    expect(await auditCount(server)).toBe(before + 1);
    expect(await lastAudit()).toEqual(revocation('demo.admin', 'shared.machine', session, '192.0.2.44'));
    const refused = await me(shared);
    expect([refused.statusCode, refused.json().error]).toEqual([401, 'staff_session']);
    expect(await listed(admin, 'shared.machine')).toEqual([]);
  });

  test("the admin's list: every member's live sessions by login, the admin's own marked", async () => {
    const admin = await staffOf('admin');
    await (await newMember('zed.editor'))('192.0.2.1');
    await (await newMember('amy.editor'))('192.0.2.2');
    const answer = await call(server, admin, 'GET', url(CONSOLE_ENDPOINTS.staffSessions));
    const all: StaffSession[] = answer.json();
    const logins = all.map((session) => session.login);
    expect(logins).toEqual([...logins].sort());
    expect(logins).toEqual(expect.arrayContaining(['amy.editor', 'demo.admin', 'zed.editor']));
    expect(all.filter((session) => session.current).map((session) => session.login)).toEqual(['demo.admin']);
    // A revoked member's sessions are gone from it.
    expect(logins).not.toContain('shared.machine');
  });

  test.each([['editor'], ['support']] as const)(
    "a member of role %s cannot list or revoke others' sessions: 403 forbidden_role, nothing written",
    async (role) => {
      const caller = await (await newMember(`nosy.${role}`, role))();
      const target = await (await newMember(`target.of.${role}`))('192.0.2.77');
      const [session] = await mine(target);
      const before = await auditCount(server);
      const list = await call(server, caller, 'GET', url(CONSOLE_ENDPOINTS.staffSessions));
      expect([list.statusCode, list.json().error]).toEqual([403, 'forbidden_role']);
      const refused = await revoke(caller, session?.id ?? '');
      expect([refused.statusCode, refused.json().error]).toEqual([403, 'forbidden_role']);
      // Their own list's end does not reach another member's session either.
      const notTheirs = await endMine(caller, session?.id ?? '');
      expect([notTheirs.statusCode, notTheirs.json().error]).toEqual([404, 'session_not_found']);
      expect(await auditCount(server)).toBe(before);
      expect((await me(target)).json()).toMatchObject({ login: `target.of.${role}` });
      expect((await mine(caller)).map((own) => own.login)).toEqual([`nosy.${role}`]);
    },
  );

  test.each([
    ['en', 'This session has ended already, or is not one you can end.'],
    ['ru', 'Этот сеанс уже завершён или вы не можете его завершить.'],
    ['ar', 'انتهت هذه الجلسة بالفعل، أو ليست جلسة يمكنك إنهاؤها.'],
  ])('an unknown id is 404 session_not_found (%s), nothing written', async (language, message) => {
    const admin = await staffOf('admin');
    const before = await auditCount(server);
    for (const answer of [
      await revoke(admin, 'AAAAAAAAAAAAAAAAAAAAAA', language),
      await endMine(admin, 'AAAAAAAAAAAAAAAAAAAAAA', language),
    ]) {
      expect([answer.statusCode, answer.json().error, answer.json().message]).toEqual([
        404,
        'session_not_found',
        message,
      ]);
    }
    expect(await auditCount(server)).toBe(before);
  });
});
