import { wheelStateQuery } from '../../../entities/wheel/index.ts';
import { requestSignIn } from '../../../features/auth-prompt/index.ts';
import { SpinWheel } from '../../../features/spin-wheel/index.ts';
import { useRenderCountdown } from '../../../shared/ui/countdown/index.ts';
import type { FrameMechanic } from './types.ts';
import { readBy } from './widget-props.ts';

export const mechanic: FrameMechanic = {
  Widget({ promotion }) {
    const renderCountdown = useRenderCountdown('wheel_next_spins_in');
    return <SpinWheel {...readBy(promotion)} onSignIn={requestSignIn} renderCountdown={renderCountdown} />;
  },
  prefetch: (client, c) =>
    client.prefetchQuery({ ...wheelStateQuery(c.promotion.id, c.userId, c.promotion.preview), retry: false }),
};
