import { createHash, randomBytes } from 'node:crypto';
import { isStaffRole, SECOND_FACTOR_ROLES, type StaffRole, type StaffSession, type StaffSignIn } from '@promo/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { generateSecret, verify } from 'otplib';
import type { Database } from '../db/client.ts';
import { staff, staffSessions } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { DEVELOPMENT_SCRYPT_LOG2N, hashPassword, PRODUCTION_SCRYPT_LOG2N, verifyPassword } from './passwords.ts';
import { unixSeconds } from './time.ts';

/** A staff session ends after this long without a request (decision 042). */
export const STAFF_IDLE_MS = 30 * 60_000;
/** ...and at the latest this long after sign-in, however busy. */
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60_000;
/** A TOTP code of the step before or after the server's still counts (a clock off by up to 30 s). */
const TOTP_TOLERANCE_S = 30;

export interface StaffMember {
  id: number;
  login: string;
  role: StaffRole;
}

const memberOf = (row: { id: number; login: string; role: string }): StaffMember => {
  if (!isStaffRole(row.role)) throw new Error(`Staff member ${row.login} has an unknown role ${row.role}`);
  return { id: row.id, login: row.login, role: row.role };
};
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');
/**
 * Hashes of a random password nobody kept, at the development and production costs: one is checked
 * when the login is unknown, so that answer takes as long as a wrong password's.
 */
const DECOY_HASHES: Readonly<Record<number, string>> = {
  [DEVELOPMENT_SCRYPT_LOG2N]: 'scrypt$16384$8$1$sAkUJ43rR9Hw+ZQsXZEIhg==$obTYbNpF81DIl1E+oYxXjqeRwlrI81ctTiY9IVS1AOI=',
  [PRODUCTION_SCRYPT_LOG2N]: 'scrypt$131072$8$1$aAWe7FeKibE5UUeTpfekQw==$wCAxvB07+NStuQQwk+a1T8eNyl4VPrDsYEzHK+8h8TM=',
};

/**
 * A new staff member. The roles that sign in with a second factor get a TOTP secret, returned once
 * (to show as a QR code or type into an authenticator) and kept for verifying codes.
 */
export async function createStaff(
  db: Database | Transaction,
  input: { login: string; password: string; role: StaffRole; totpSecret?: string },
  log2N: number,
): Promise<{ member: StaffMember; totpSecret: string | null }> {
  const totpSecret = SECOND_FACTOR_ROLES.includes(input.role) ? (input.totpSecret ?? generateSecret()) : null;
  const passwordHash = await hashPassword(input.password, log2N);
  const [row] = await db
    .insert(staff)
    .values({ login: input.login, passwordHash, role: input.role, totpSecret })
    .onConflictDoNothing({ target: staff.login })
    .returning();
  if (!row) throw httpError(409, `The login ${input.login} is taken`, 'login_taken');
  return { member: memberOf(row), totpSecret };
}

/**
 * Signs a staff member in: their password, then the TOTP code when their role asks for one (a
 * code is good once: a replay in the same 30 s is refused). Every refusal is 401 with a code that
 * says what to do next, and an unknown login is refused as a wrong password is.
 */
export async function signInStaff(
  db: Database,
  input: StaffSignIn,
  /** Where the request came from, and the password cost of this server (settings). */
  request: { address: string; log2N: number },
  now = new Date(),
): Promise<{ token: string; member: StaffMember; expiresAt: Date }> {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.login, input.login), isNull(staff.disabledAt)));
  const decoy = DECOY_HASHES[request.log2N] ?? DECOY_HASHES[PRODUCTION_SCRYPT_LOG2N] ?? '';
  const passwordOk = await verifyPassword(input.password, row?.passwordHash ?? decoy);
  if (!row || !passwordOk) throw httpError(401, 'Wrong login or password', 'bad_credentials');
  if (row.totpSecret) {
    if (!input.code) throw httpError(401, 'Enter the code from your authenticator app', 'second_factor_required');
    const result = await verify({
      secret: row.totpSecret,
      token: input.code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOTP_TOLERANCE_S,
      ...(row.totpStep === null ? {} : { afterTimeStep: row.totpStep }),
    }).catch(() => ({ valid: false as const }));
    // A TOTP answer names its time step (an HOTP one would not).
    const step = result.valid && 'timeStep' in result ? result.timeStep : null;
    if (step === null) throw httpError(401, 'That code is wrong or was used already', 'bad_second_factor');
    // Only a newer step is taken: two sign-ins racing with one code cannot both pass.
    const [taken] = await db
      .update(staff)
      .set({ totpStep: step })
      .where(and(eq(staff.id, row.id), sql`coalesce(${staff.totpStep}, -1) < ${step}`))
      .returning({ id: staff.id });
    if (!taken) throw httpError(401, 'That code is wrong or was used already', 'bad_second_factor');
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + STAFF_IDLE_MS);
  await db.insert(staffSessions).values({
    tokenHash: tokenHash(token),
    staffId: row.id,
    address: request.address,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, member: memberOf(row), expiresAt };
}

/**
 * Sessions that still open the console at `now`: not revoked, not idle past STAFF_IDLE_MS, not
 * older than STAFF_SESSION_MAX_MS, their member (joined as `staff`) not disabled.
 */
const liveSessions = (now: Date) =>
  and(
    isNull(staffSessions.revokedAt),
    gt(staffSessions.expiresAt, now),
    gt(staffSessions.createdAt, new Date(now.getTime() - STAFF_SESSION_MAX_MS)),
    eq(staff.id, staffSessions.staffId),
    isNull(staff.disabledAt),
  );

/** A session's idle expiry moves on at most this often: most requests only read it. */
const SESSION_TOUCH_MS = 60_000;

/**
 * The staff member a session token names, while it is live (not revoked, not idle past
 * STAFF_IDLE_MS, not older than STAFF_SESSION_MAX_MS, its member not disabled), and when it ends
 * if idle. Use moves that forward; it is written when it was last moved over a minute ago, so a
 * busy console reads its session and writes it once a minute. Null for anything else.
 */
export async function staffSession(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ member: StaffMember; idleUntil: Date } | null> {
  if (token.length === 0 || token.length > 100) return null;
  const live = and(eq(staffSessions.tokenHash, tokenHash(token)), liveSessions(now));
  const [row] = await db
    .select({
      id: staff.id,
      login: staff.login,
      role: staff.role,
      expiresAt: staffSessions.expiresAt,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(live);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() < SESSION_TOUCH_MS) {
    return { member: memberOf(row), idleUntil: row.expiresAt };
  }
  const [touched] = await db
    .update(staffSessions)
    .set({
      lastSeenAt: now,
      expiresAt: sql`least(${new Date(now.getTime() + STAFF_IDLE_MS)}::timestamptz, ${staffSessions.createdAt} + ${`${STAFF_SESSION_MAX_MS} milliseconds`}::interval)`,
    })
    .from(staff)
    .where(live)
    .returning({ expiresAt: staffSessions.expiresAt });
  // Revoked between the two statements: it is over.
  return touched ? { member: memberOf(row), idleUntil: touched.expiresAt } : null;
}

/** Ends a session (sign-out, or an admin revoking it); a second call changes nothing. */
export async function revokeStaffSession(db: Database, token: string, now = new Date()): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.tokenHash, tokenHash(token)), isNull(staffSessions.revokedAt)));
}

/**
 * A session's public id: a hash of its token's hash, so that a list or an audit entry naming it
 * shows nothing the server looks sessions up by (and the token cannot be had from it).
 */
const publicSessionId = (hash: string) =>
  createHash('sha256').update(`staff-session:${hash}`).digest('base64url').slice(0, 22);

/** The public id of the session a cookie's token opens (the caller's own, to mark it in a list). */
export const staffSessionIdOf = (token: string) => publicSessionId(tokenHash(token));

/**
 * The live sessions of every member or of one (by id or login), with their token hashes. A null
 * staff id is a caller who has no sessions (an operator key): nothing matches it.
 */
async function liveSessionRows(
  db: Database | Transaction,
  filter: { staffId?: number | null; login?: string },
  now: Date,
) {
  const rows = await db
    .select({
      tokenHash: staffSessions.tokenHash,
      id: staff.id,
      login: staff.login,
      role: staff.role,
      address: staffSessions.address,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        liveSessions(now),
        filter.staffId === undefined
          ? undefined
          : filter.staffId === null
            ? sql`false`
            : eq(staffSessions.staffId, filter.staffId),
        filter.login === undefined ? undefined : eq(staff.login, filter.login),
      ),
    )
    .orderBy(staff.login, desc(staffSessions.lastSeenAt), desc(staffSessions.createdAt));
  return rows.map((row) => ({ ...row, sessionId: publicSessionId(row.tokenHash) }));
}

const listedSession = (
  row: Awaited<ReturnType<typeof liveSessionRows>>[number],
  currentId: string | null | undefined,
): StaffSession => ({
  id: row.sessionId,
  login: row.login,
  role: memberOf(row).role,
  address: row.address,
  createdAt: unixSeconds(row.createdAt),
  lastSeenAt: unixSeconds(row.lastSeenAt),
  idleUntil: unixSeconds(row.expiresAt),
  current: row.sessionId === currentId,
});

/**
 * The live sessions of every member, or of one (by id, null: none, or login), by login and then the latest used
 * first. `currentId` is the caller's own session's id, marked in the answer. A session's idle end
 * is written once a minute at most (staffSession), so it may be up to a minute early here.
 */
export async function listStaffSessions(
  db: Database | Transaction,
  filter: { staffId?: number | null; login?: string; currentId?: string | null },
  now = new Date(),
): Promise<StaffSession[]> {
  const rows = await liveSessionRows(db, filter, now);
  return rows.map((row) => listedSession(row, filter.currentId));
}

/**
 * Ends one live session by its public id, of one member (`staffId`: their own; null: a key's,
 * none) or of anyone (an admin), in the caller's transaction: its next request is refused (401 staff_session). What it
 * was is returned, for the audit log and to know whether it was the caller's own; an unknown,
 * ended or someone else's id is 404 session_not_found.
 */
export async function revokeStaffSessionById(
  tx: Database | Transaction,
  id: string,
  filter: { staffId?: number | null; currentId?: string | null },
  now = new Date(),
): Promise<StaffSession> {
  const row = (await liveSessionRows(tx, filter, now)).find((each) => each.sessionId === id);
  // Revoked by another request since the read: it is not this call's to end.
  const [revoked] = row
    ? await tx
        .update(staffSessions)
        .set({ revokedAt: now })
        .where(and(eq(staffSessions.tokenHash, row.tokenHash), isNull(staffSessions.revokedAt)))
        .returning({ tokenHash: staffSessions.tokenHash })
    : [];
  if (!row || !revoked) throw httpError(404, 'No live session with that id', 'session_not_found');
  return listedSession(row, filter.currentId);
}

type StaffRow = typeof staff.$inferSelect;

/** A member as the admin's list shows them, with the last request of any of their sessions. */
export async function listStaff(db: Database) {
  const rows = await db
    .select({
      member: staff,
      lastSeenAt: sql<Date | null>`max(${staffSessions.lastSeenAt})`.mapWith((value) =>
        value ? new Date(value) : null,
      ),
    })
    .from(staff)
    .leftJoin(staffSessions, eq(staffSessions.staffId, staff.id))
    .groupBy(staff.id)
    .orderBy(staff.login);
  return rows.map(({ member, lastSeenAt }) => listedMember(member, lastSeenAt));
}

export const listedMember = (row: StaffRow, lastSeenAt: Date | null = null) => ({
  login: row.login,
  role: memberOf(row).role,
  secondFactor: row.totpSecret !== null,
  createdAt: Math.floor(row.createdAt.getTime() / 1000),
  disabled: row.disabledAt !== null,
  lastSeenAt: lastSeenAt ? Math.floor(lastSeenAt.getTime() / 1000) : null,
});

/**
 * Changes a member's role or disables (or enables) them, in the caller's transaction, and ends
 * their sessions: a session keeps the role it signed in with nowhere. A role that needs a second
 * factor and had none gets a new secret, returned once. An admin cannot demote or disable
 * themselves (409 own_account: the last admin could lock everyone out).
 */
export async function updateStaff(
  tx: Database | Transaction,
  actor: { staffId: number | null },
  login: string,
  change: { role?: StaffRole; disabled?: boolean },
  now = new Date(),
): Promise<{ before: StaffRow; after: StaffRow; totpSecret: string | null }> {
  const [before] = await tx.select().from(staff).where(eq(staff.login, login)).for('update');
  if (!before) throw httpError(404, `No staff member ${login}`, 'not_found');
  const demotes = change.role !== undefined && change.role !== 'admin';
  if (before.id === actor.staffId && (demotes || change.disabled === true)) {
    throw httpError(409, 'You cannot take your own admin role or disable yourself', 'own_account');
  }
  const role = change.role ?? memberOf(before).role;
  const needsSecret = SECOND_FACTOR_ROLES.includes(role) && before.totpSecret === null;
  const totpSecret = needsSecret ? generateSecret() : null;
  const [after] = await tx
    .update(staff)
    .set({
      role,
      ...(totpSecret ? { totpSecret, totpStep: null } : {}),
      ...(SECOND_FACTOR_ROLES.includes(role) ? {} : { totpSecret: null, totpStep: null }),
      ...(change.disabled === undefined ? {} : { disabledAt: change.disabled ? (before.disabledAt ?? now) : null }),
    })
    .where(eq(staff.id, before.id))
    .returning();
  if (!after) throw httpError(404, `No staff member ${login}`, 'not_found');
  await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, before.id), isNull(staffSessions.revokedAt)));
  return { before, after, totpSecret };
}
