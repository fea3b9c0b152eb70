import { and, desc, eq, gte, lt, notInArray, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';

/** Who made a change: a staff member (their login) or an operator key (`key:<label>`), and from where. */
export interface Actor {
  staffId: number | null;
  name: string;
  address: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isObject = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields that differ between two JSON values, by path ("texts.en.title"): objects are
 * compared field by field, anything else (a list, a string) as one value. A field added or removed
 * has null on its missing side.
 */
export function auditDiff(before: unknown, after: unknown, path = ''): Record<string, [Json, Json]> {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return Object.assign(
      {},
      ...keys.map((key) => auditDiff(before[key] ?? null, after[key] ?? null, path ? `${path}.${key}` : key)),
    );
  }
  if (JSON.stringify(before ?? null) === JSON.stringify(after ?? null)) return {};
  return { [path || '.']: [(before ?? null) as Json, (after ?? null) as Json] };
}

/**
 * Writes one entry of the audit log, in the caller's transaction (the change and its entry are
 * kept or lost together). `before` is null for a creation, `after` null for a removal.
 */
export async function audit(
  tx: Database | Transaction,
  actor: Actor,
  change: {
    entity: string;
    entityId: string | number;
    action: string;
    before: unknown;
    after: unknown;
    /** The version of the entity the change made, when it made one. */
    version?: number | null;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: actor.staffId,
    actor: actor.name,
    address: actor.address,
    entity: change.entity,
    entityId: String(change.entityId),
    action: change.action,
    diff: auditDiff(change.before, change.after),
    version: change.version ?? null,
  });
}

/** One page of the audit log, newest first, narrowed by staff member, entity and time. */
export async function auditPage(
  db: Database,
  filter: {
    staffId?: number;
    entity?: string;
    entityId?: string;
    from?: Date;
    to?: Date;
    beforeId?: number;
    /** Entities the reader may not see (player data, for a role without player support). */
    hidden?: readonly string[];
  },
  limit: number,
) {
  const where: SQL[] = [
    ...(filter.hidden?.length ? [notInArray(auditLog.entity, [...filter.hidden])] : []),
    ...(filter.staffId === undefined ? [] : [eq(auditLog.staffId, filter.staffId)]),
    ...(filter.entity === undefined ? [] : [eq(auditLog.entity, filter.entity)]),
    ...(filter.entityId === undefined ? [] : [eq(auditLog.entityId, filter.entityId)]),
    ...(filter.from === undefined ? [] : [gte(auditLog.at, filter.from)]),
    ...(filter.to === undefined ? [] : [lt(auditLog.at, filter.to)]),
    ...(filter.beforeId === undefined ? [] : [lt(auditLog.id, filter.beforeId)]),
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
