import { PROMOTION_ENDPOINTS } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/index.ts';

/**
 * GET /external-api/promotions/{id}: dates, status, content, texts in `language` and money in
 * `currency` (the player's), by numeric id or slug. With a console preview link's token, the
 * version that link names instead (never kept: each visit asks again).
 */
export const promotionQuery = (key: string, language: string, currency: string, preview?: string) =>
  preview
    ? queryOptions({
        queryKey: ['promotion-preview', preview, language, currency],
        queryFn: ({ signal, client }) =>
          callEndpoint(
            PROMOTION_ENDPOINTS.preview,
            { params: { token: preview }, query: { lang: language, currency }, signal, client },
            null,
          ),
        staleTime: 0,
      })
    : queryOptions({
        queryKey: ['promotion', key, language, currency],
        queryFn: ({ signal, client }) =>
          callEndpoint(
            PROMOTION_ENDPOINTS.promotion,
            { params: { key }, query: { lang: language, currency }, signal, client },
            null,
          ),
        staleTime: 60_000,
      });

/** GET /external-api/promotions: the index cards in `language` and `currency`, running ones first. */
export const promotionIndexQuery = (language: string, currency: string) =>
  queryOptions({
    queryKey: ['promotions', language, currency],
    queryFn: ({ signal, client }) =>
      callEndpoint(
        PROMOTION_ENDPOINTS.index,
        { params: {}, query: { lang: language, currency }, signal, client },
        null,
      ),
    staleTime: 60_000,
  });
