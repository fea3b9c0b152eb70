import { useTranslation } from 'react-i18next';
import { depositBonusQuery } from '../../../entities/bonus/index.ts';
import { ActivateBonus } from '../../../features/activate-bonus/index.ts';
import { requestSignIn } from '../../../features/auth-prompt/index.ts';
import { officePath } from '../../../shared/config/index.ts';
import { buttonClass, HostLink } from '../../../shared/ui/index.ts';
import type { FrameMechanic } from './types.ts';

export const mechanic: FrameMechanic = {
  Widget({ promotion }) {
    const { t } = useTranslation();
    return (
      <ActivateBonus
        promotionId={promotion.id}
        onSignIn={requestSignIn}
        renderDeposit={() => (
          <HostLink target={officePath('recharge')} className={buttonClass()}>
            {t('promo_cta_deposit')}
          </HostLink>
        )}
      />
    );
  },
  prefetch: (client, c) =>
    client.prefetchQuery({ ...depositBonusQuery(c.promotion.id, c.userId, c.currency), retry: false }),
};
