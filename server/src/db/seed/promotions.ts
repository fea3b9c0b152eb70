import { PROMO_REGISTRY, type PromoTemplate } from '@promo/contract';
import { sql } from 'drizzle-orm';
import { DAY_MS } from '../../domain/time.ts';
import type { Database } from '../client.ts';
import { promotions } from '../schema.ts';

type Prize = { places: string; amount: string; kind: 'cash' | 'freebet' | 'freespins' | 'bonus' };

/** Prize tables by template; amounts in the promotion's currency. */
const PRIZES: Partial<Record<PromoTemplate, Prize[]>> = {
  tournament: [
    { places: '1', amount: '4000', kind: 'cash' },
    { places: '2', amount: '2000', kind: 'cash' },
    { places: '3', amount: '1000', kind: 'cash' },
    { places: '4-10', amount: '300', kind: 'freebet' },
  ],
  'lucky-day': [
    { places: '1', amount: '1000', kind: 'cash' },
    { places: '2-5', amount: '100', kind: 'freebet' },
    { places: '6-50', amount: '20', kind: 'freespins' },
  ],
  'bet-series': [
    { places: '1', amount: '500', kind: 'freebet' },
    { places: '2-3', amount: '200', kind: 'freebet' },
  ],
  hunt: [
    { places: '1', amount: '750', kind: 'cash' },
    { places: '2-20', amount: '50', kind: 'freespins' },
  ],
};

const LONG_TERM_START = new Date('2024-01-01T00:00:00Z');
/**
 * Server-defined promos of spec 2's name patterns ({name}-page, {name}-{name}); their page follows
 * the template the server gives. The champions cup and the winter hunt are the demo's running
 * tournament and hunt: every start of the server gives them a few more weeks.
 */
const patternPromos = (now: number) => [
  { id: 901, slug: 'summer-page', template: 'info' as const, startsAt: LONG_TERM_START, endsAt: null },
  {
    id: 902,
    slug: 'champions-cup',
    template: 'tournament' as const,
    startsAt: new Date(now - DAY_MS),
    endsAt: new Date(now + 21 * DAY_MS),
  },
  {
    id: 903,
    slug: 'winter-hunt',
    template: 'hunt' as const,
    startsAt: new Date(now - 7 * DAY_MS),
    endsAt: new Date(now + 28 * DAY_MS),
  },
];

/** One row per registry id (time-limited ones run the 30 days up to their expiry). Idempotent. */
export async function seedPromotions(db: Database): Promise<void> {
  const rows = [
    ...PROMO_REGISTRY.flatMap((entry) =>
      entry.ids.map((id) => {
        const endsAt = entry.expireTime === undefined ? null : new Date(entry.expireTime * 1000);
        return {
          id,
          slug: entry.name,
          template: entry.template,
          startsAt: endsAt ? new Date(endsAt.getTime() - 30 * DAY_MS) : LONG_TERM_START,
          endsAt,
          currencyCode: 'USD',
          prizes: PRIZES[entry.template] ?? [],
        };
      }),
    ),
    ...patternPromos(Date.now()).map((promo) => ({
      ...promo,
      currencyCode: 'USD',
      prizes: PRIZES[promo.template] ?? [],
    })),
  ];
  await db
    .insert(promotions)
    .values(rows)
    .onConflictDoUpdate({
      target: promotions.id,
      set: {
        slug: sql`excluded.slug`,
        template: sql`excluded.template`,
        startsAt: sql`excluded.starts_at`,
        endsAt: sql`excluded.ends_at`,
        prizes: sql`excluded.prizes`,
      },
    });
}
