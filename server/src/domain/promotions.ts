import type { PromoPrize, PromoTemplate, Promotion } from '@promo/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { promotions } from '../db/schema.ts';
import { httpError } from '../http-error.ts';
import type { Transaction } from './idempotency.ts';
import { unixSeconds } from './time.ts';

type Row = typeof promotions.$inferSelect;
type TablePrize = Omit<PromoPrize, 'currencyCode'>;

/** The prize of a place from a promotion's table ("1", "2-5", ...), null past the last place. */
export function prizeOf(row: Pick<Row, 'prizes' | 'currencyCode'>, place: number): Omit<PromoPrize, 'places'> | null {
  for (const { places, amount, kind } of row.prizes as TablePrize[]) {
    const [from, to = from] = places.split('-').map(Number);
    if (from !== undefined && to !== undefined && place >= from && place <= to) {
      return { kind, amount, currencyCode: row.currencyCode };
    }
  }
  return null;
}

/** Upcoming before its start, ended after its end, active in between. */
export function promotionStatus(row: Pick<Row, 'startsAt' | 'endsAt'>, now: Date): Promotion['status'] {
  if (now < row.startsAt) return 'upcoming';
  return row.endsAt && row.endsAt <= now ? 'ended' : 'active';
}

function toPayload(row: Row, now: Date): Promotion {
  const prizes = (row.prizes as Array<Omit<Promotion['prizes'][number], 'currencyCode'>>).map((prize) => ({
    ...prize,
    currencyCode: row.currencyCode,
  }));
  // Every prize counts towards the fund, whatever its kind.
  const total = prizes.reduce((sum, prize) => {
    const [from, to = from] = prize.places.split('-').map(Number);
    return sum + Number(prize.amount) * ((to ?? 0) - (from ?? 0) + 1);
  }, 0);
  return {
    id: row.id,
    slug: row.slug,
    template: row.template as PromoTemplate,
    status: promotionStatus(row, now),
    startsAt: unixSeconds(row.startsAt),
    endsAt: row.endsAt ? unixSeconds(row.endsAt) : null,
    prizeFund: prizes.length > 0 ? { amount: total.toFixed(2), currencyCode: row.currencyCode } : null,
    prizes,
  };
}

/** A promotion by numeric id or by slug (the lowest id of the slug); null when unknown. */
export async function findPromotion(db: Database, key: string, now = new Date()): Promise<Promotion | null> {
  const where = /^\d{1,9}$/.test(key) ? eq(promotions.id, Number(key)) : eq(promotions.slug, key);
  const [row] = await db.select().from(promotions).where(where).orderBy(asc(promotions.id)).limit(1);
  return row ? toPayload(row, now) : null;
}

/**
 * The promotion behind a mechanic's endpoint: 404 (naming the mechanic) for an unknown id or a
 * promotion of another template.
 */
export async function promotionWithTemplate(
  db: Database | Transaction,
  promotionId: number,
  template: PromoTemplate,
  what: string,
) {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, promotionId));
  if (row?.template !== template) throw httpError(404, `${what} ${promotionId} not found`);
  return row;
}
