import { requestSignIn } from '../../../features/auth-prompt/index.ts';
import { TakeDailyBonus } from '../../../features/take-daily-bonus/index.ts';
import { useRenderCountdown } from '../../../shared/ui/countdown/index.ts';
import type { FrameMechanic } from './types.ts';

export const mechanic: FrameMechanic = {
  Widget({ promotion }) {
    const renderCountdown = useRenderCountdown('daily_next_in');
    return <TakeDailyBonus preview={promotion.preview} onSignIn={requestSignIn} renderCountdown={renderCountdown} />;
  },
};
