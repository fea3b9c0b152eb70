import { depositBonusQuery } from '../../../entities/bonus/index.ts';
import { ActivateBonus } from '../../../features/activate-bonus/index.ts';
import { requestSignIn } from '../../../features/auth-prompt/index.ts';
import { officePath } from '../../../shared/config/index.ts';
import { useHostButton } from '../lib/host-button.tsx';
import type { FrameMechanic } from './types.ts';
import { readBy } from './widget-props.ts';

export const mechanic: FrameMechanic = {
  Widget({ promotion }) {
    const renderLink = useHostButton(officePath('recharge'), 'promo_cta_deposit');
    return <ActivateBonus {...readBy(promotion)} onSignIn={requestSignIn} renderLink={renderLink} />;
  },
  prefetch: (client, c) =>
    client.prefetchQuery({
      ...depositBonusQuery(c.promotion.id, c.userId, c.currency, c.promotion.preview),
      retry: false,
    }),
};
