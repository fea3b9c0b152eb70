import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analyticsEvents, frameMetrics, idempotencyKeys, rateLimitHits, sessions } from '../db/schema.ts';
import { purgeFeedRefusals } from './feed-health.ts';
import { DAY_MS } from './time.ts';

/** How long what piles up is kept (ServerSettings.retention, from the environment). */
export interface Retention {
  /** Analytics events and frame metrics, by when they arrived. */
  analyticsDays: number;
  /** Answers kept for a repeated Idempotency-Key (Stripe keeps them 24 hours). */
  idempotencyHours: number;
}

export const DEFAULT_RETENTION: Retention = { analyticsDays: 90, idempotencyHours: 24 };

/**
 * Deletes what is no longer needed: sessions past their expiry or revoked a day ago, idempotency
 * answers older than their window, analytics and metrics older than theirs, day-old rate-limit counts, week-old refused feed posts. Answers the counts.
 */
export async function purgeExpired(db: Database, retention: Retention, now = new Date()) {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const removedSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before(DAY_MS)))))
    .returning({ id: sessions.id });
  const removedKeys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before(retention.idempotencyHours * 3600_000)))
    .returning({ key: idempotencyKeys.key });
  const removedEvents = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.receivedAt, before(retention.analyticsDays * DAY_MS)))
    .returning({ id: analyticsEvents.id });
  const removedMetrics = await db
    .delete(frameMetrics)
    .where(lt(frameMetrics.receivedAt, before(retention.analyticsDays * DAY_MS)))
    .returning({ id: frameMetrics.id });
  // Rate-limit windows last a minute; a day-old count is of no use.
  const removedCounts = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStartedAt, before(DAY_MS)))
    .returning({ key: rateLimitHits.key });
  // Refused feed posts are kept a week (feed health).
  const removedRefusals = await purgeFeedRefusals(db, now);
  return {
    rateLimitCounts: removedCounts.length,
    sessions: removedSessions.length,
    idempotencyKeys: removedKeys.length,
    analyticsEvents: removedEvents.length,
    frameMetrics: removedMetrics.length,
    feedRefusals: removedRefusals,
  };
}
