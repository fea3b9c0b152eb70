import { weeklyJackpotQuery } from '../../../entities/lucky-day/index.ts';
import { useRenderCountdown } from '../../../shared/ui/countdown/index.ts';
import { WeeklyJackpot } from '../../../widgets/weekly-jackpot/index.ts';
import type { FrameMechanic } from './types.ts';
import { readBy } from './widget-props.ts';

export const mechanic: FrameMechanic = {
  Widget({ promotion }) {
    const renderCountdown = useRenderCountdown('jackpot_draw_in');
    return <WeeklyJackpot {...readBy(promotion)} renderCountdown={renderCountdown} />;
  },
  prefetch: (client, c) =>
    client.prefetchQuery({
      ...weeklyJackpotQuery(c.promotion.id, c.userId, c.currency, c.promotion.preview),
      retry: false,
    }),
};
