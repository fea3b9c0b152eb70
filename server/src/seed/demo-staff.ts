import type { StaffRole } from '@promo/contract';
import { and, inArray, isNull } from 'drizzle-orm';
import { generate } from 'otplib';
import type { Database } from '../db/client.ts';
import { staff, staffSessions } from '../db/schema.ts';
import { DEVELOPMENT_SCRYPT_LOG2N } from '../domain/passwords.ts';
import { createStaff } from '../domain/staff.ts';

/**
 * The console's demo staff, one per role (README): outside production only. Their password and
 * their authenticator secrets are published, so a server without demo data disables them.
 */
export const DEMO_STAFF_PASSWORD = 'Console-2026!';
export const DEMO_STAFF: readonly { login: string; role: StaffRole; totpSecret?: string }[] = [
  { login: 'demo.editor', role: 'editor' },
  { login: 'demo.publisher', role: 'publisher', totpSecret: 'HRJD5HPQQVYD4DYWI7NNKA3FX2YTDGPZ' },
  { login: 'demo.support', role: 'support' },
  { login: 'demo.admin', role: 'admin', totpSecret: 'W3T4HWLTMTVDTNUTLQIX3LGTMNSVF7IN' },
];

/**
 * The code a demo member's authenticator app shows at `epochS` (Unix seconds): what the end-to-end
 * tests and the bench type where a person would read their phone. Null for roles without one.
 */
export async function demoStaffCode(login: string, epochS = Math.floor(Date.now() / 1000)): Promise<string | null> {
  const secret = DEMO_STAFF.find((member) => member.login === login)?.totpSecret;
  return secret ? generate({ secret, epoch: epochS }) : null;
}

/** Creates the demo staff once; a member already there is left as it is. */
export async function seedDemoStaff(db: Database): Promise<void> {
  const logins = DEMO_STAFF.map((member) => member.login);
  const existing = new Set(
    (await db.select({ login: staff.login }).from(staff).where(inArray(staff.login, logins))).map((row) => row.login),
  );
  for (const member of DEMO_STAFF) {
    if (existing.has(member.login)) continue;
    // Another process may have made it a moment ago: a taken login is that.
    await createStaff(db, { ...member, password: DEMO_STAFF_PASSWORD }, DEVELOPMENT_SCRYPT_LOG2N).catch(
      (error: { code?: string }) => {
        if (error.code !== 'login_taken') throw error;
      },
    );
  }
}

/**
 * A server without demo data on a database kept from a demo run: the demo staff are disabled (their
 * sessions end with them) and their audit history stays. Returns the logins it disabled.
 */
export async function disableDemoStaff(db: Database, now = new Date()): Promise<string[]> {
  const logins = DEMO_STAFF.map((member) => member.login);
  const disabled = await db
    .update(staff)
    .set({ disabledAt: now })
    .where(and(inArray(staff.login, logins), isNull(staff.disabledAt)))
    .returning({ id: staff.id, login: staff.login });
  if (disabled.length > 0) {
    await db
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(
        and(
          inArray(
            staffSessions.staffId,
            disabled.map((row) => row.id),
          ),
          isNull(staffSessions.revokedAt),
        ),
      );
  }
  return disabled.map((row) => row.login);
}
