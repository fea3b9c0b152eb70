import { tournamentQuery, tournamentResultsQuery } from '../../../entities/tournament/index.ts';
import { requestSignIn } from '../../../features/auth-prompt/index.ts';
import { Leaderboard } from '../../../widgets/leaderboard/index.ts';
import type { FrameMechanic } from './types.ts';
import { readBy } from './widget-props.ts';

export const mechanic: FrameMechanic = {
  Widget: ({ promotion }) => <Leaderboard {...readBy(promotion)} onSignIn={requestSignIn} />,
  prefetch: (client, { promotion, userId }) =>
    Promise.all([
      client.prefetchQuery({ ...tournamentQuery(promotion.id, promotion.preview), retry: false }),
      client.prefetchQuery({
        ...tournamentResultsQuery(promotion.id, 0, userId, promotion.preview),
        retry: false,
      }),
    ]),
};
