import type { FeedHealth } from '@promo/contract';
import { T0 } from './fixtures.ts';

/** The window's first minute is T0 (2026-03-02 09:00 UTC); 7 items at 09:10, 2 at 09:59. */
export const feedHealth = (overrides: Partial<FeedHealth> = {}): FeedHealth => ({
  now: T0 + 3599,
  minutes: 60,
  perMinute: Array.from({ length: 60 }, (_, index) => ({
    at: T0 + index * 60,
    items: index === 10 ? 7 : index === 59 ? 2 : 0,
  })),
  totals: { items: 9, refusedBatches: 3, refusedItems: 5 },
  refusals: {
    byCode: [
      { code: 'unknown_player', batches: 2, items: 4, lastAt: T0 + 1200 },
      { code: 'invalid_body', batches: 1, items: 1, lastAt: T0 + 600 },
    ],
    latest: [
      { at: T0 + 1200, code: 'unknown_player', status: 422, caller: 'key:feed-bot', items: 3 },
      { at: T0 + 900, code: 'unknown_player', status: 422, caller: 'key:feed-bot', items: 1 },
      { at: T0 + 600, code: 'invalid_body', status: 400, caller: 'key:feed-bot', items: 1 },
    ],
  },
  sources: [
    { caller: 'key:feed-bot', kind: 'bet', at: T0 + 3540, externalId: 'bet-9001', settledAt: T0 + 3500, items: 120 },
    { caller: 'key:feed-bot', kind: 'round', at: T0 + 600, externalId: 'round-77', settledAt: T0 + 590, items: 40 },
  ],
  ledger: { ok: true, accounts: 42, mismatches: [] },
  ...overrides,
});
