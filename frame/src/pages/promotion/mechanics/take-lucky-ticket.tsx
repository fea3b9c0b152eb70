import { luckyDrawQuery, luckyTicketsQuery, utcDay } from '../../../entities/lucky-day/index.ts';
import { requestSignIn } from '../../../features/auth-prompt/index.ts';
import { TakeLuckyTicket } from '../../../features/take-lucky-ticket/index.ts';
import { useRenderCountdown } from '../../../shared/ui/countdown/index.ts';
import type { FrameMechanic } from './types.ts';
import { readBy } from './widget-props.ts';

export const mechanic: FrameMechanic = {
  Widget({ promotion }) {
    const renderCountdown = useRenderCountdown('lucky_draw_in');
    return (
      <TakeLuckyTicket
        {...readBy(promotion)}
        startsAt={promotion.startsAt}
        onSignIn={requestSignIn}
        renderCountdown={renderCountdown}
      />
    );
  },
  prefetch(client, c) {
    const today = utcDay(c.now);
    return Promise.all([
      client.prefetchQuery({ ...luckyDrawQuery(c.promotion.id, today, c.userId, c.promotion.preview), retry: false }),
      c.userId === null
        ? undefined
        : client.prefetchQuery({ ...luckyTicketsQuery(c.promotion.id, today, c.userId), retry: false }),
    ]);
  },
};
