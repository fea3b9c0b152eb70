import { promotionKeyId, SLUG_MAX_LENGTH, SLUG_PATTERN } from '../bounds.ts';
import type { PromoTemplate } from './mechanics/index.ts';
import { PROMO_REGISTRY, type PromoEntry, promoLabelKey } from './registry.ts';

const byName = new Map<string, PromoEntry>();
const byId = new Map<number, PromoEntry>();
for (const entry of PROMO_REGISTRY) {
  byName.set(entry.name, entry);
  for (const alias of entry.aliases) byName.set(alias, entry);
  for (const id of entry.ids) byId.set(id, entry);
}

/**
 * Spec 2's two name patterns: promos the server defines without a registry row. `{name}-page` is
 * an information page, `{name}-{name}` a tournament; the server must know the slug (else 404).
 */
const PATTERNS: ReadonlyArray<{ pattern: RegExp; template: PromoTemplate }> = [
  { pattern: /^[a-z0-9]+-page$/, template: 'info' },
  { pattern: /^[a-z0-9]+-[a-z0-9]+$/, template: 'tournament' },
];

/** The promo id -> slug map (spec 2: about 100 ids, several sharing one page). */
export const promoSlugOfId = (id: number): string | undefined => byId.get(id)?.name;

export interface ResolvedPromo {
  entry: PromoEntry;
  /** The slug or id the server knows the promotion by. */
  serverKey: string;
}

/**
 * The page for a promotion/{name} segment: a registry name or alias, a numeric promotion id, one
 * of the two server-defined patterns, or any other slug an operator published (issue 40): the
 * server knows it or answers 404. Undefined (a 404 before anything loads) means it cannot name a
 * promotion at all.
 */
export function resolvePromo(segment: string): ResolvedPromo | undefined {
  const named = byName.get(segment);
  if (named) return { entry: named, serverKey: String(named.ids[0]) };
  const id = promotionKeyId(segment);
  const byNumber = id === undefined ? undefined : byId.get(id);
  if (byNumber) return { entry: byNumber, serverKey: segment };
  if (segment.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(segment) || segment.startsWith('0')) return undefined;
  const match = PATTERNS.find(({ pattern }) => pattern.test(segment));
  return {
    entry: {
      name: segment,
      template: match?.template ?? 'info',
      options: { serverDefined: true },
      label: promoLabelKey(segment),
      isLongTerm: false,
      groupRefId: 0,
      ids: [],
      aliases: [],
    },
    serverKey: segment,
  };
}

/** Spec 4: time-limited when not long-term and it has an expiry. */
export const isTimeLimited = (entry: PromoEntry): boolean => !entry.isLongTerm && entry.expireTime !== undefined;

/** A time-limited promo whose expiry has passed shows its ended state. */
export const isExpired = (entry: PromoEntry, nowMs: number): boolean =>
  isTimeLimited(entry) && (entry.expireTime ?? 0) * 1000 <= nowMs;
