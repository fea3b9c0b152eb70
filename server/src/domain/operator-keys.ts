import { createHash, randomBytes } from 'node:crypto';
import { isStaffRole, type StaffRole } from '@promo/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { operatorKeys } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';

type KeyRow = typeof operatorKeys.$inferSelect;

/** How a key is kept: its SHA-256 (a key is 256 random bits, so a plain digest is enough). */
export const operatorKeyHash = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export const listedKey = (row: KeyRow) => ({
  label: row.label,
  role: isStaffRole(row.role) ? row.role : ('support' as const),
  createdAt: Math.floor(row.createdAt.getTime() / 1000),
  revoked: row.revokedAt !== null,
});

export async function listOperatorKeys(db: Database) {
  return (await db.select().from(operatorKeys).orderBy(asc(operatorKeys.label))).map(listedKey);
}

/** A new key: its secret is returned this once; the table keeps its hash. 409 when the label is taken. */
export async function createOperatorKey(tx: Database | Transaction, label: string, role: StaffRole) {
  const secret = `pk_${randomBytes(32).toString('base64url')}`;
  const [row] = await tx
    .insert(operatorKeys)
    .values({ label, role, keyHash: operatorKeyHash(secret) })
    .onConflictDoNothing({ target: operatorKeys.label })
    .returning();
  if (!row) throw httpError(409, `The label ${label} is taken`, 'label_taken', { label });
  return { row, secret };
}

/** Revokes a key (a second revoke changes nothing); 404 for an unknown label. */
export async function revokeOperatorKey(tx: Database | Transaction, label: string, now = new Date()) {
  const [before] = await tx.select().from(operatorKeys).where(eq(operatorKeys.label, label));
  if (!before) throw httpError(404, `No operator key ${label}`, 'not_found');
  const [after] = await tx
    .update(operatorKeys)
    .set({ revokedAt: now })
    .where(and(eq(operatorKeys.id, before.id), isNull(operatorKeys.revokedAt)))
    .returning();
  return { before, after: after ?? before };
}
