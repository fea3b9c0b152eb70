import type { QueryClient } from '@tanstack/react-query';
import { promotionIndexQuery } from '../../entities/promotion/index.ts';
import { loadPlayerCurrency } from '../../entities/user/index.ts';
import { useGlobalStore } from '../../shared/store/index.ts';

/**
 * The promotions list (in the page's language, prizes in the player's currency) is in the cache
 * before the page renders: on the server with the page, on a client navigation without a skeleton
 * first. A list that fails is the page's own message with its retry.
 */
export async function promotionsLoader(queryClient: QueryClient): Promise<null> {
  const currency = await loadPlayerCurrency(queryClient);
  await queryClient.prefetchQuery(promotionIndexQuery(useGlobalStore.getState().currentLanguage, currency));
  return null;
}
