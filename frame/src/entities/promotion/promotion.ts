import { promotionPath, promotionSchema } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { publicRequest } from '../../shared/api/index.ts';

/** GET /external-api/promotions/{id}: dates, status and prizes, by numeric id or slug. */
export const promotionQuery = (key: string) =>
  queryOptions({
    queryKey: ['promotion', key],
    queryFn: ({ signal }) => publicRequest(promotionPath(key), promotionSchema, { signal }),
    staleTime: 60_000,
  });
