import { mechanicOf, PROMO_REGISTRY, type PromoContent } from '@promo/contract';
import { DAY_MS } from './time.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Relative days start at 00:00 and end at 23:59 Moscow time (UTC+3), as the spec's dates do. */
const MSK_OFFSET_MS = 3 * HOUR_MS;

/**
 * A schedule time: an ISO date as it is, or '+5d' / '-20d' / '+3h' from `now` (days land on a
 * Moscow midnight for a start and on 23:59 for an end, so countdowns end on a round time).
 */
export function scheduleTime(value: string, now: number, edge: 'start' | 'end'): Date {
  const relative = /^([+-]\d+)([dh])$/.exec(value);
  if (!relative) return new Date(value);
  const amount = Number(relative[1]);
  if (relative[2] === 'h') return new Date(Math.floor(now / HOUR_MS) * HOUR_MS + amount * HOUR_MS);
  const mskMidnight = Math.floor((now + MSK_OFFSET_MS) / DAY_MS) * DAY_MS - MSK_OFFSET_MS;
  const day = mskMidnight + amount * DAY_MS;
  return new Date(edge === 'start' ? day : day + DAY_MS - 60_000);
}

/** The spec's expiry of a name (route metadata), kept as the end of its earlier edition. */
const specExpiry = new Map(PROMO_REGISTRY.map((entry) => [entry.name, entry.expireTime]));

/** The promotions table's row(s) of one content file: one per numeric id. */
export function promotionRows(content: PromoContent, now: number) {
  const startsAt = scheduleTime(content.schedule.starts, now, 'start');
  const endsAt = content.schedule.ends === null ? null : scheduleTime(content.schedule.ends, now, 'end');
  const expiry = specExpiry.get(content.slug);
  // The spec's example date is history when this edition started after it.
  const previousEndsAt = expiry !== undefined && expiry * 1000 < startsAt.getTime() ? expiry : undefined;
  const { slug, ids, mechanic, currencyCode, prizes, schedule, ...rest } = content;
  return ids.map((id) => ({
    id,
    slug,
    template: mechanicOf(mechanic).template,
    mechanic,
    startsAt,
    endsAt,
    currencyCode,
    prizes,
    content: { ...rest, ...(schedule.weekly ? { weekly: schedule.weekly } : {}), previousEndsAt },
  }));
}
