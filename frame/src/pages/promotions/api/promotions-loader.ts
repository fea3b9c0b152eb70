import type { QueryClient } from '@tanstack/react-query';
import { promotionIndexQuery } from '../../../entities/promotion/index.ts';
import { prefetchForPlayer } from '../../../entities/user/index.ts';
import { scopeOf } from '../../../shared/model/index.ts';

/** The promotions list, in the page's language with prizes in the player's currency, before the page renders. */
export const promotionsLoader = (queryClient: QueryClient) =>
  prefetchForPlayer(queryClient, ({ currency }) =>
    promotionIndexQuery(scopeOf(queryClient).store.getState().currentLanguage, currency),
  );
