import { huntBoardQuery } from '../../../entities/hunt/index.ts';
import { requestSignIn } from '../../../features/auth-prompt/index.ts';
import { SearchHunt } from '../../../features/search-hunt/index.ts';
import { useRenderCountdown } from '../../../shared/ui/countdown/index.ts';
import type { FrameMechanic } from './types.ts';
import { readBy } from './widget-props.ts';

/** An ended hunt keeps its album and places. */
export const mechanic: FrameMechanic = {
  Widget({ promotion }) {
    const renderCountdown = useRenderCountdown('hunt_next_in');
    return (
      <SearchHunt
        {...readBy(promotion)}
        collectible={promotion.terms.collectible}
        onSignIn={requestSignIn}
        renderCountdown={renderCountdown}
      />
    );
  },
  prefetch: (client, c) =>
    client.prefetchQuery({ ...huntBoardQuery(c.promotion.id, c.userId, c.promotion.preview), retry: false }),
};
