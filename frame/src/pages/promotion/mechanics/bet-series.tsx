import { betSeriesQuery } from '../../../entities/lucky-day/index.ts';
import { BetSeries } from '../../../widgets/bet-series/index.ts';
import type { FrameMechanic } from './types.ts';

export const mechanic: FrameMechanic = {
  Widget: ({ promotion }) => <BetSeries promotionId={promotion.id} />,
  prefetch: (client, c) => client.prefetchQuery({ ...betSeriesQuery(c.promotion.id, c.userId), retry: false }),
};
