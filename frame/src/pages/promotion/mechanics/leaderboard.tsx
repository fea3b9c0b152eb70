import { tournamentQuery, tournamentResultsQuery } from '../../../entities/tournament/index.ts';
import { requestSignIn } from '../../../features/auth-prompt/index.ts';
import { Leaderboard } from '../../../widgets/leaderboard/index.ts';
import type { FrameMechanic } from './types.ts';

export const mechanic: FrameMechanic = {
  Widget: ({ promotion }) => <Leaderboard promotionId={promotion.id} onSignIn={requestSignIn} />,
  prefetch: (client, c) =>
    Promise.all([
      client.prefetchQuery({ ...tournamentQuery(c.promotion.id), retry: false }),
      client.prefetchQuery({ ...tournamentResultsQuery(c.promotion.id, 0, c.userId), retry: false }),
    ]),
};
