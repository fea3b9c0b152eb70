import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, test } from 'vitest';
import { auditLog, staff } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { databaseTargets, useTestServer } from '../testing.ts';
import { audit, auditDiff, auditPage } from './audit.ts';
import { DEVELOPMENT_SCRYPT_LOG2N } from './passwords.ts';
import { createStaff, revokeStaffSession, STAFF_IDLE_MS, signInStaff, staffSession } from './staff.ts';

const T0 = new Date('2026-11-29T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;
const FROM = { address: '127.0.0.1', log2N: DEVELOPMENT_SCRYPT_LOG2N };
const codeAt = (secret: string, when: Date) => generate({ secret, epoch: Math.floor(when.getTime() / 1000) });
/** The refusal's machine-readable code (or 'ok'). */
const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'ok',
    (error: { statusCode?: number; code?: string }) => `${error.statusCode} ${error.code}`,
  );

describe.each(databaseTargets)('staff on $name', () => {
  const server = useTestServer(undefined);
  const db = () => server.database.db;
  let serial = 0;
  const newStaff = (role: 'editor' | 'publisher' | 'support' | 'admin') =>
    createStaff(
      db(),
      { login: `staff.${role}.${++serial}`, password: 'correct horse', role },
      DEVELOPMENT_SCRYPT_LOG2N,
    );

  test('an editor signs in with a password; a wrong one and an unknown login get the same answer', async () => {
    const { member, totpSecret } = await newStaff('editor');
    expect(totpSecret).toBeNull();
    const signedIn = await signInStaff(db(), { login: member.login, password: 'correct horse' }, FROM, T0);
    expect(signedIn.member).toEqual(member);
    expect((await staffSession(db(), signedIn.token, at(MINUTE)))?.member).toEqual(member);
    expect(await outcome(signInStaff(db(), { login: member.login, password: 'wrong' }, FROM, T0))).toBe(
      '401 bad_credentials',
    );
    expect(await outcome(signInStaff(db(), { login: 'nobody.here', password: 'x' }, FROM, T0))).toBe(
      '401 bad_credentials',
    );
    expect(await outcome(newStaffWithLogin(member.login))).toBe('409 login_taken');
  });

  const newStaffWithLogin = (login: string) =>
    createStaff(db(), { login, password: 'another one', role: 'support' }, DEVELOPMENT_SCRYPT_LOG2N);

  test.each(['publisher', 'admin'] as const)('the %s also gives a TOTP code, each code once', async (role) => {
    const { member, totpSecret } = await newStaff(role);
    if (!totpSecret) throw new Error('no TOTP secret');
    const credentials = { login: member.login, password: 'correct horse' };
    expect(await outcome(signInStaff(db(), credentials, FROM, T0))).toBe('401 second_factor_required');
    const wrong = (Number(await codeAt(totpSecret, T0)) + 1) % 1_000_000;
    expect(await outcome(signInStaff(db(), { ...credentials, code: String(wrong).padStart(6, '0') }, FROM, T0))).toBe(
      '401 bad_second_factor',
    );
    const code = await codeAt(totpSecret, T0);
    expect(await outcome(signInStaff(db(), { ...credentials, code }, FROM, T0))).toBe('ok');
    // The same code again (a replay within its 30 s) is refused; the next step's code is taken.
    expect(await outcome(signInStaff(db(), { ...credentials, code }, FROM, at(5_000)))).toBe('401 bad_second_factor');
    expect(
      await outcome(
        signInStaff(db(), { ...credentials, code: await codeAt(totpSecret, at(30_000)) }, FROM, at(30_000)),
      ),
    ).toBe('ok');
  });

  test('a session ends when idle, at its limit, when revoked, and when its member is disabled', async () => {
    const { member } = await newStaff('support');
    const credentials = { login: member.login, password: 'correct horse' };
    const idle = await signInStaff(db(), credentials, FROM, T0);
    expect(await staffSession(db(), idle.token, at(STAFF_IDLE_MS + MINUTE))).toBeNull();

    // Used every 20 minutes it lives on, but never past 12 hours.
    const busy = await signInStaff(db(), credentials, FROM, T0);
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      expect((await staffSession(db(), busy.token, at(minutes * MINUTE)))?.member).toEqual(member);
    }
    expect(await staffSession(db(), busy.token, at(12 * 60 * MINUTE + MINUTE))).toBeNull();

    const revoked = await signInStaff(db(), credentials, FROM, T0);
    await revokeStaffSession(db(), revoked.token, at(MINUTE));
    expect(await staffSession(db(), revoked.token, at(2 * MINUTE))).toBeNull();

    const kept = await signInStaff(db(), credentials, FROM, T0);
    await db()
      .update(staff)
      .set({ disabledAt: at(MINUTE) })
      .where(eq(staff.id, member.id));
    expect(await staffSession(db(), kept.token, at(2 * MINUTE))).toBeNull();
    expect(await outcome(signInStaff(db(), credentials, FROM, at(3 * MINUTE)))).toBe('401 bad_credentials');
    expect(await staffSession(db(), 'no such token', T0)).toBeNull();
  });

  test('the audit log keeps who changed what from where, field by field, and refuses to be changed', async () => {
    const { member } = await newStaff('editor');
    const actor = { staffId: member.id, name: member.login, address: '192.0.2.7' };
    const before = { slug: 'spring-cup', texts: { en: { title: 'Spring cup' } }, prizes: [1, 2] };
    const after = { slug: 'spring-cup', texts: { en: { title: 'Spring Cup 2027' } }, prizes: [1, 2, 3], of: 'x' };
    await transaction(db(), (tx) =>
      audit(tx, actor, { entity: 'promotion', entityId: 'spring-cup', action: 'save', before, after }),
    );
    const [entry] = await auditPage(db(), { staffId: member.id }, 10);
    expect(entry).toMatchObject({
      actor: member.login,
      address: '192.0.2.7',
      entity: 'promotion',
      entityId: 'spring-cup',
      action: 'save',
      diff: {
        'texts.en.title': ['Spring cup', 'Spring Cup 2027'],
        prizes: [
          [1, 2],
          [1, 2, 3],
        ],
        of: [null, 'x'],
      },
    });
    expect(await auditPage(db(), { staffId: member.id, entity: 'page' }, 10)).toEqual([]);
    const refused = { cause: expect.objectContaining({ message: 'audit_log is append-only' }) };
    await expect(db().execute(sql`update ${auditLog} set actor = 'someone else'`)).rejects.toMatchObject(refused);
    await expect(db().execute(sql`delete from ${auditLog}`)).rejects.toMatchObject(refused);
    expect(await auditPage(db(), { staffId: member.id }, 10)).toHaveLength(1);
  });
});

test('auditDiff names each changed field by its path, and nothing when nothing changed', () => {
  expect(auditDiff({ a: 1, b: { c: 'x' } }, { a: 1, b: { c: 'x' } })).toEqual({});
  expect(auditDiff(null, { a: 1 })).toEqual({ '.': [null, { a: 1 }] });
  expect(auditDiff({ a: 1, b: { c: 'x', d: true } }, { a: 2, b: { c: 'x' } })).toEqual({
    a: [1, 2],
    'b.d': [true, null],
  });
});
