import { PROMOTIONS_INDEX_PATH, promotionIndexSchema, promotionPath, promotionSchema } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { publicRequest } from '../../../shared/api/index.ts';

/**
 * GET /external-api/promotions/{id}: dates, status, content, texts in `language` and money in
 * `currency` (the player's), by numeric id or slug.
 */
export const promotionQuery = (key: string, language: string, currency: string) =>
  queryOptions({
    queryKey: ['promotion', key, language, currency],
    queryFn: ({ signal }) =>
      publicRequest(`${promotionPath(key)}?${new URLSearchParams({ lang: language, currency })}`, promotionSchema, {
        signal,
      }),
    staleTime: 60_000,
  });

/** GET /external-api/promotions: the index cards in `language` and `currency`, running ones first. */
export const promotionIndexQuery = (language: string, currency: string) =>
  queryOptions({
    queryKey: ['promotions', language, currency],
    queryFn: ({ signal }) =>
      publicRequest(
        `${PROMOTIONS_INDEX_PATH}?${new URLSearchParams({ lang: language, currency })}`,
        promotionIndexSchema,
        { signal },
      ),
    staleTime: 60_000,
  });
