import { resolvePromo } from '@promo/contract';
import { promotionQuery } from '../../../entities/promotion/index.ts';
import { tournamentResultsQuery } from '../../../entities/tournament/index.ts';
import { BroadcastBoard } from '../../../widgets/leaderboard/index.ts';
import type { FrameMechanic } from './types.ts';

/** The standings of the tournament it broadcasts: live while it runs, final after. */
export const mechanic: FrameMechanic = {
  Widget: ({ promotion }) => (promotion.of ? <BroadcastBoard of={promotion.of} /> : null),
  async prefetch(client, c) {
    const of = c.promotion.of;
    if (of === null) return;
    const parent = await client
      .fetchQuery({ ...promotionQuery(resolvePromo(of)?.serverKey ?? of, c.language, c.currency), retry: false })
      .catch(() => null);
    if (parent?.template === 'tournament') {
      await client.prefetchQuery({ ...tournamentResultsQuery(parent.id, 0, c.userId), retry: false });
    }
  },
};
