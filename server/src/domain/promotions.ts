import {
  mechanicOf,
  type PromoContent,
  type PromoMechanic,
  type PromoPrize,
  type PromoTemplate,
  type PromoTerms,
  type PromoTexts,
  type Promotion,
  type PromotionCard,
  promotionKeyId,
  sumMoney,
  timesMoney,
} from '@promo/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { createContentCache } from '../db/content-cache.ts';
import type { ContentWatch } from '../db/content-watch.ts';
import { promotions } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { httpError } from '../http-error.ts';
import { convertSums, currencyDigits, isKnownCurrency } from './currencies.ts';
import { previewRows } from './promotion-previews.ts';
import { DAY_MS, unixSeconds } from './time.ts';

type Row = typeof promotions.$inferSelect;
type TablePrize = Omit<PromoPrize, 'currencyCode'>;
/** The content column: the content file but for the fields that have their own columns. */
type StoredContent = Omit<PromoContent, 'slug' | 'ids' | 'mechanic' | 'currencyCode' | 'prizes' | 'schedule'> & {
  weekly?: NonNullable<PromoContent['schedule']['weekly']>;
  previousEndsAt?: number;
};

const placesOf = (places: string): [number, number] => {
  const [from = 0, to = from] = places.split('-').map(Number);
  return [from, to];
};

/** The prize of a place from a promotion's table ("1", "2-5", ...), null past the last place. */
export function prizeOf(row: Pick<Row, 'prizes' | 'currencyCode'>, place: number): Omit<PromoPrize, 'places'> | null {
  for (const { places, amount, kind } of row.prizes as TablePrize[]) {
    const [from, to] = placesOf(places);
    if (place >= from && place <= to) return { kind, amount, currencyCode: row.currencyCode };
  }
  return null;
}

/** Upcoming before its start, ended after its end, active in between. */
export function promotionStatus(row: Pick<Row, 'startsAt' | 'endsAt'>, now: Date): Promotion['status'] {
  if (now < row.startsAt) return 'upcoming';
  return row.endsAt && row.endsAt <= now ? 'ended' : 'active';
}

/**
 * The one rule of every promotion action (join, spin, search, claim, forecast, take part, take a
 * ticket, activate): only while the promotion runs. Before its start a 409 `not_started`, from its
 * end a 409 `promotion_ended`, each with its translated message (issue 38).
 */
export function assertRunning(row: Pick<Row, 'startsAt' | 'endsAt'>, now: Date): void {
  const status = promotionStatus(row, now);
  if (status === 'upcoming') throw httpError(409, 'This promotion has not started yet', 'not_started');
  if (status === 'ended') throw httpError(409, 'This promotion has ended', 'promotion_ended');
}

/** The weekly window open now, or the next one (UTC weekdays and clock times). */
export function weeklyWindow(weekly: StoredContent['weekly'], now: Date): Promotion['window'] {
  if (!weekly || weekly.weekdays.length === 0) return null;
  const minutes = (clock: string) => {
    const [hours = 0, mins = 0] = clock.split(':').map(Number);
    return (hours * 60 + mins) * 60_000;
  };
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let offset = -1; offset <= 7; offset += 1) {
    const day = today + offset * DAY_MS;
    if (!weekly.weekdays.includes(new Date(day).getUTCDay())) continue;
    const startsAt = day + minutes(weekly.from);
    const endsAt = day + minutes(weekly.to) + 59_000;
    if (endsAt > now.getTime()) {
      return {
        open: startsAt <= now.getTime(),
        startsAt: Math.floor(startsAt / 1000),
        endsAt: Math.floor(endsAt / 1000),
      };
    }
  }
  return null;
}

const MONEY_TERMS = ['minStake', 'minDeposit', 'maxBonus', 'maxRefund'] as const;
const isMoney = (kind: PromoPrize['kind']) => kind === 'cash' || kind === 'freebet' || kind === 'bonus';

/** The currency a promotion's money is shown in: the asked one when known, else its own. */
const shownCurrency = (asked: string | undefined, own: string) => (asked && isKnownCurrency(asked) ? asked : own);

/** A promotion's texts in `language`, or in English (`shown` says which) for a language it lacks. */
function textsIn(content: StoredContent, language: string) {
  const translated: PromoTexts | undefined = content.texts[language as keyof StoredContent['texts']];
  return translated ? { texts: translated, shown: language } : { texts: content.texts.en, shown: 'en' };
}

/**
 * One promotion as the page shows it: texts in `language` (English when it has none), money in
 * `currency` (converted with the rates behind converted-sum), the window and the status now.
 */
export function toPayload(row: Row, now: Date, language = 'en', currency?: string): Promotion {
  const content = row.content as StoredContent;
  const target = shownCurrency(currency, row.currencyCode);
  const convert = (amounts: string[]) => convertSums(amounts, row.currencyCode, target, currencyDigits(target)).sums;
  const table = row.prizes as TablePrize[];
  const mechanic = row.mechanic as PromoMechanic;
  const { prizeBasis, prizeTiming } = mechanicOf(mechanic);
  const steps = prizeBasis === 'step';
  const cash = table.filter((prize) => prize.kind === 'cash');
  const fund =
    cash.length === 0 || steps
      ? null
      : sumMoney(
          cash.map((prize) => {
            const [from, to] = placesOf(prize.places);
            return timesMoney(prize.amount, to - from + 1);
          }),
        );
  const money = [...table.filter((prize) => isMoney(prize.kind)).map((prize) => prize.amount)];
  const termAmounts = MONEY_TERMS.flatMap((term) => content.terms[term] ?? []);
  const converted = convert([...money, ...termAmounts, ...(fund === null ? [] : [fund])]);
  let next = 0;
  const take = () => converted[next++] ?? '0';
  const prizes = table.map((prize) =>
    isMoney(prize.kind) ? { ...prize, amount: take(), currencyCode: target } : { ...prize, currencyCode: target },
  );
  const terms: PromoTerms = { ...content.terms };
  for (const term of MONEY_TERMS) if (terms[term] !== undefined) terms[term] = take();
  const { texts, shown } = textsIn(content, language);
  return {
    id: row.id,
    slug: row.slug,
    template: row.template as PromoTemplate,
    mechanic,
    product: content.product,
    status: promotionStatus(row, now),
    startsAt: unixSeconds(row.startsAt),
    endsAt: row.endsAt ? unixSeconds(row.endsAt) : null,
    window: weeklyWindow(content.weekly, now),
    previousEndsAt: content.previousEndsAt ?? null,
    prizeTiming,
    currencyCode: target,
    prizeFund: fund === null ? null : { amount: take(), currencyCode: target },
    prizeBasis,
    prizes,
    terms,
    cta: content.cta,
    hero: content.hero,
    of: content.of ?? null,
    language: shown,
    texts,
  };
}

const byKey = (key: string) => {
  const id = promotionKeyId(key);
  return and(id === undefined ? eq(promotions.slug, key) : eq(promotions.id, id), eq(promotions.published, true));
};

/**
 * Published promotions' rows, each read once per content version: a publication, an
 * unpublication or any content write drops them on every process (ContentWatch), and nothing is
 * kept while changes cannot be heard. A cache-miss render of a promotion's page read its row three
 * times (its payload, then each widget's endpoint); a write reads its row in its own transaction
 * (its snapshot and its locks), never from here. The rows are shared: read them, never change them.
 */
export interface PromotionRows {
  /** The published row of a numeric id or a slug (the slug's lowest id); undefined when there is none. */
  byKey(key: string): Promise<Row | undefined>;
}

export function promotionRows(db: Database, watch: ContentWatch): PromotionRows {
  const cached = createContentCache(watch);
  return {
    byKey: (key) =>
      cached.ifFound(`promotion ${key}`, async () => {
        const [row] = await db.select().from(promotions).where(byKey(key)).orderBy(asc(promotions.id)).limit(1);
        return row;
      }),
  };
}

/** A promotion by numeric id or by slug (the lowest id of the slug); null when unknown. */
export async function findPromotion(
  rows: PromotionRows,
  key: string,
  options: { language?: string; currency?: string; now?: Date } = {},
): Promise<Promotion | null> {
  const row = await rows.byKey(key);
  return row ? toPayload(row, options.now ?? new Date(), options.language, options.currency) : null;
}

/**
 * The version a live console preview link names, as the frame's promotion page reads it: the payload
 * a published promotion has, from that version's content, carrying the link's token (its widgets
 * read with it). Null when the link is unknown or expired, or the version has no texts.
 */
export async function previewPromotion(
  db: Database,
  token: string,
  options: { language?: string; currency?: string; now?: Date } = {},
): Promise<Promotion | null> {
  const now = options.now ?? new Date();
  // A draft may name no id yet: the page reads its id only for its widgets, which ask with the token.
  const [row] = (await previewRows(db, token, now)) ?? [];
  return row ? { ...toPayload(row, now, options.language, options.currency), preview: token } : null;
}

const STATUS_ORDER: Record<Promotion['status'], number> = { active: 0, upcoming: 1, ended: 2 };

/**
 * The promotions index: one card per page (its lowest id), running ones first (ending soonest
 * first), then upcoming (starting soonest first), then ended (latest first). Each card's terms and
 * top prize are in `currency`, for its summary.
 */
export async function listPromotions(
  db: Database,
  options: { language?: string; currency?: string; now?: Date } = {},
): Promise<PromotionCard[]> {
  const now = options.now ?? new Date();
  const rows = await db.select().from(promotions).where(eq(promotions.published, true)).orderBy(asc(promotions.id));
  const seen = new Set<string>();
  const cards = rows.flatMap((row): PromotionCard[] => {
    if (seen.has(row.slug)) return [];
    seen.add(row.slug);
    if (!(row.content as Partial<StoredContent>).texts?.en) return [];
    const promotion = toPayload(row, now, options.language, options.currency);
    return [
      {
        id: promotion.id,
        slug: promotion.slug,
        mechanic: promotion.mechanic,
        product: promotion.product,
        status: promotion.status,
        startsAt: promotion.startsAt,
        endsAt: promotion.endsAt,
        window: promotion.window,
        hero: promotion.hero,
        title: promotion.texts.title,
        summary: promotion.texts.summary,
        currencyCode: promotion.currencyCode,
        terms: promotion.terms,
        topPrize: promotion.prizes[0] ?? null,
      },
    ];
  });
  const key = (card: PromotionCard) =>
    card.status === 'active'
      ? (card.endsAt ?? Number.MAX_SAFE_INTEGER)
      : card.status === 'upcoming'
        ? card.startsAt
        : -(card.endsAt ?? 0);
  return cards.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || key(a) - key(b));
}

/**
 * The promotion behind a mechanic's endpoint: 404 (naming the mechanic) for an unknown id or a
 * promotion of another template. With a console preview link's token (a widget's read on a preview
 * page), the row of the version that link names instead of the published one: 404 as well when the
 * link is unknown or expired or its version serves no such id. Every read by promotion id that a
 * preview's widget makes comes here, and the row is the request's alone (decision 042).
 */
export async function promotionWithTemplate(
  db: Database | Transaction,
  promotionId: number,
  template: PromoTemplate,
  what: string,
  preview?: string,
  /** The rows kept per content version, for a read outside a transaction. */
  rows?: PromotionRows,
): Promise<Row> {
  const [row]: Array<Row | undefined> =
    preview !== undefined
      ? ((await previewRows(db, preview)) ?? []).filter((projected) => projected.id === promotionId)
      : rows
        ? [await rows.byKey(String(promotionId))]
        : await db
            .select()
            .from(promotions)
            .where(and(eq(promotions.id, promotionId), eq(promotions.published, true)));
  if (row?.template !== template) throw httpError(404, `${what} ${promotionId} not found`, 'not_found');
  return row;
}

/** A promotion's terms as its content file gives them (money in the promotion's own currency). */
export const promotionTerms = (row: Pick<Row, 'content'>): PromoTerms => (row.content as StoredContent).terms ?? {};
