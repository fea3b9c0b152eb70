import { betSeriesQuery } from '../../../entities/lucky-day/index.ts';
import { BetSeries } from '../../../widgets/bet-series/index.ts';
import type { FrameMechanic } from './types.ts';
import { readBy } from './widget-props.ts';

export const mechanic: FrameMechanic = {
  Widget: ({ promotion }) => <BetSeries {...readBy(promotion)} />,
  prefetch: (client, c) =>
    client.prefetchQuery({ ...betSeriesQuery(c.promotion.id, c.userId, c.promotion.preview), retry: false }),
};
