import { promoCreditsQuery } from '../../../entities/promo-credit/index.ts';
import { requestSignIn } from '../../../features/auth-prompt/index.ts';
import { PromoCredits } from '../../../features/promo-credits/index.ts';
import { officePath } from '../../../shared/config/index.ts';
import { useHostButton } from '../lib/host-button.tsx';
import type { FrameMechanic } from './types.ts';
import { readBy } from './widget-props.ts';

/** Credits stay readable after the end: a refund or reward already given is still the player's. */
export const mechanic: FrameMechanic = {
  Widget({ promotion }) {
    const renderLink = useHostButton(officePath('identification'), 'credits_verify');
    return (
      <PromoCredits
        {...readBy(promotion)}
        mechanic={promotion.mechanic}
        onSignIn={requestSignIn}
        renderLink={renderLink}
      />
    );
  },
  prefetch: async (client, c) =>
    c.userId === null
      ? undefined
      : client.prefetchQuery({ ...promoCreditsQuery(c.userId, c.promotion.id), retry: false }),
};
