import { weeklyJackpotQuery } from '../../../entities/lucky-day/index.ts';
import { useRenderCountdown } from '../../../shared/ui/countdown/index.ts';
import { WeeklyJackpot } from '../../../widgets/weekly-jackpot/index.ts';
import type { FrameMechanic } from './types.ts';

export const mechanic: FrameMechanic = {
  Widget({ promotion }) {
    const renderCountdown = useRenderCountdown('jackpot_draw_in');
    return <WeeklyJackpot promotionId={promotion.id} renderCountdown={renderCountdown} />;
  },
  prefetch: (client, c) =>
    client.prefetchQuery({ ...weeklyJackpotQuery(c.promotion.id, c.userId, c.currency), retry: false }),
};
