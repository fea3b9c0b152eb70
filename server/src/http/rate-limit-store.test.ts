import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { databaseTargets, useTestServer } from '../testing.ts';
import { databaseRateLimitStore } from './rate-limits.ts';

describe.each(databaseTargets)('rate-limit counts in the $name database', ({ databaseUrl }) => {
  const server = useTestServer(databaseUrl);
  const hit = (key: string, windowMs = 60_000) => {
    const Store = databaseRateLimitStore(server.database.db);
    return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      new Store().child().incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs),
    );
  };

  test('each request counts once in its window, whichever store instance counts it; keys count apart', async () => {
    const counts = await Promise.all(Array.from({ length: 10 }, () => hit('actions 192.0.2.10')));
    expect(counts.map((count) => count.current).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const { ttl } of counts) expect(ttl).toBeGreaterThan(55_000);
    expect((await hit('token 192.0.2.10')).current).toBe(1);
  });

  test('a window that has passed starts again at 1', async () => {
    await hit('signIn 192.0.2.11');
    await hit('signIn 192.0.2.11');
    await server.database.db.execute(
      sql`update rate_limit_hits set window_started_at = now() - interval '61 seconds' where key = 'signIn 192.0.2.11'`,
    );
    expect(await hit('signIn 192.0.2.11')).toMatchObject({ current: 1 });
  });
});
