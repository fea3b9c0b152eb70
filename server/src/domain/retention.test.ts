import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { analyticsEvents, frameMetrics, idempotencyKeys, rateLimitHits, sessions } from '../db/schema.ts';
import { readSettings } from '../settings.ts';
import { openSeededDatabase } from '../testing.ts';
import { DEFAULT_RETENTION, purgeExpired } from './retention.ts';
import { DAY_MS } from './time.ts';

describe('retention: what piles up is deleted when it is no longer needed', () => {
  // A database without a server: a server's own hourly purge runs once at start-up, and would race
  // the rows this test writes.
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openSeededDatabase();
  });
  afterAll(() => database.close());
  const rows = async () => {
    const db = database.db;
    const n = async (table: typeof sessions | typeof idempotencyKeys | typeof analyticsEvents | typeof frameMetrics) =>
      (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
    return {
      sessions: await n(sessions),
      idempotencyKeys: await n(idempotencyKeys),
      analyticsEvents: await n(analyticsEvents),
      frameMetrics: await n(frameMetrics),
    };
  };

  test('expired and long-revoked sessions, day-old idempotency answers and rate-limit counts, 90-day-old analytics go; the rest stays', async () => {
    const db = database.db;
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await db
      .insert(sessions)
      .values([
        { expiresAt: ago(1000) },
        { expiresAt: new Date(now.getTime() + DAY_MS), revokedAt: ago(2 * DAY_MS) },
        { expiresAt: new Date(now.getTime() + DAY_MS), revokedAt: ago(60_000) },
        { expiresAt: new Date(now.getTime() + DAY_MS) },
      ]);
    await db.insert(idempotencyKeys).values([
      { userId: 1, key: 'old-key-00000001', scope: 's', statusCode: 200, response: {}, createdAt: ago(25 * 3600_000) },
      { userId: 1, key: 'new-key-00000001', scope: 's', statusCode: 200, response: {}, createdAt: ago(3600_000) },
    ]);
    const event = { name: 'page_view', source: 1, payload: {}, occurredAt: ago(0) };
    await db.insert(analyticsEvents).values([
      { ...event, receivedAt: ago(91 * DAY_MS) },
      { ...event, receivedAt: ago(89 * DAY_MS) },
    ]);
    const metric = { kind: 'vital', name: 'LCP', value: 1, path: '/', metricId: 'm', occurredAt: ago(0) };
    await db.insert(frameMetrics).values([
      { ...metric, receivedAt: ago(91 * DAY_MS) },
      { ...metric, receivedAt: ago(1000) },
    ]);
    await db.insert(rateLimitHits).values([
      { key: 'token 192.0.2.1', windowStartedAt: ago(DAY_MS + 60_000), hits: 3 },
      { key: 'token 192.0.2.2', windowStartedAt: ago(30_000), hits: 3 },
    ]);
    const before = await rows();
    const removed = await purgeExpired(db, DEFAULT_RETENTION, now);
    expect(removed).toMatchObject({ idempotencyKeys: 1, analyticsEvents: 1, frameMetrics: 1, rateLimitCounts: 1 });
    expect(removed.sessions).toBeGreaterThanOrEqual(2);
    const after = await rows();
    expect(after.idempotencyKeys).toBe(before.idempotencyKeys - 1);
    expect(after.sessions).toBe(before.sessions - removed.sessions);
    // Run again: nothing more.
    expect(await purgeExpired(db, DEFAULT_RETENTION, now)).toEqual({
      rateLimitCounts: 0,
      sessions: 0,
      idempotencyKeys: 0,
      analyticsEvents: 0,
      frameMetrics: 0,
      feedRefusals: 0,
    });
  });

  test('the windows come from the environment, with safe defaults for nonsense', () => {
    expect(readSettings({ RETENTION_ANALYTICS_DAYS: '30', RETENTION_IDEMPOTENCY_HOURS: '48' }).retention).toEqual({
      analyticsDays: 30,
      idempotencyHours: 48,
    });
    expect(readSettings({ RETENTION_ANALYTICS_DAYS: '-1', RETENTION_IDEMPOTENCY_HOURS: 'x' }).retention).toEqual(
      DEFAULT_RETENTION,
    );
  });
});
