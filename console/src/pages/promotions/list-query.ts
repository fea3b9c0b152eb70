import {
  PROMO_MECHANICS,
  PROMO_PRODUCTS,
  PROMO_TEXT_LANGUAGES,
  PROMOTION_PAGE_SIZES,
  PROMOTION_SORTS,
  PROMOTION_STATES,
  type PromotionListQuery,
} from '@promo/contract';

/**
 * The promotions list's filters, sort and page live in the URL (a link or a reload shows the
 * same list); this reads them, leaving out what the server would refuse.
 */

export const LIST_FILTERS = {
  state: PROMOTION_STATES,
  mechanic: PROMO_MECHANICS,
  product: PROMO_PRODUCTS,
  missing: PROMO_TEXT_LANGUAGES,
} as const;
export type ListFilter = keyof typeof LIST_FILTERS;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export interface ListParams {
  state?: (typeof PROMOTION_STATES)[number] | undefined;
  mechanic?: (typeof PROMO_MECHANICS)[number] | undefined;
  product?: (typeof PROMO_PRODUCTS)[number] | undefined;
  missing?: (typeof PROMO_TEXT_LANGUAGES)[number] | undefined;
  q?: string | undefined;
  sort?: (typeof PROMOTION_SORTS)[number] | undefined;
  order: 'asc' | 'desc';
  page: number;
  size: number;
}

export function readListParams(search: URLSearchParams): ListParams {
  const page = Number(search.get('page'));
  const size = Number(search.get('size'));
  const q = search.get('q')?.trim().slice(0, 80);
  return {
    state: oneOf(PROMOTION_STATES, search.get('state')),
    mechanic: oneOf(PROMO_MECHANICS, search.get('mechanic')),
    product: oneOf(PROMO_PRODUCTS, search.get('product')),
    missing: oneOf(PROMO_TEXT_LANGUAGES, search.get('missing')),
    q: q || undefined,
    sort: oneOf(PROMOTION_SORTS, search.get('sort')),
    order: search.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PROMOTION_PAGE_SIZES as readonly number[]).includes(size) ? size : PROMOTION_PAGE_SIZES[0],
  };
}

/** The list call's query string values (the contract's query schema reads them as strings). */
export function listQuery(params: ListParams): Record<keyof PromotionListQuery, string | undefined> {
  return {
    state: params.state,
    mechanic: params.mechanic,
    product: params.product,
    missing: params.missing,
    q: params.q,
    sort: params.sort,
    order: params.sort ? params.order : undefined,
    page: String(params.page),
    size: String(params.size),
  };
}

/** The URL after a change: a filter, sort or size change goes back to page 1; defaults are left out. */
export function withChange(
  search: URLSearchParams,
  change: Partial<
    Record<'state' | 'mechanic' | 'product' | 'missing' | 'q' | 'sort' | 'order' | 'page' | 'size', string | undefined>
  >,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  }
  if (!('page' in change)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  if (next.get('size') === String(PROMOTION_PAGE_SIZES[0])) next.delete('size');
  return next;
}
