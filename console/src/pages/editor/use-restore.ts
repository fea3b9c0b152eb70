import { CONSOLE_ENDPOINTS, type ConsolePromotion } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';

/**
 * Restores a version of a promotion as its new latest draft (nothing is overwritten: the restore is
 * a version of its own). The promotion's cache takes the answer; the list is refreshed.
 */
export function useRestore(slug: string, onRestored: (promotion: ConsolePromotion) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => call(CONSOLE_ENDPOINTS.restore, { params: { slug, version } }),
    onSuccess: (next) => {
      client.setQueryData(queryKeys.promotion(slug), next);
      void client.invalidateQueries({ queryKey: queryKeys.promotions });
      void client.invalidateQueries({ queryKey: queryKeys.audit });
      onRestored(next);
    },
  });
}
