import { useTranslation } from 'react-i18next';
import { promoCreditsQuery } from '../../../entities/promo-credit/index.ts';
import { requestSignIn } from '../../../features/auth-prompt/index.ts';
import { PromoCredits } from '../../../features/promo-credits/index.ts';
import { officePath } from '../../../shared/config/index.ts';
import { buttonClass, HostLink } from '../../../shared/ui/index.ts';
import type { FrameMechanic } from './types.ts';

/** Credits stay readable after the end: a refund or reward already given is still the player's. */
export const mechanic: FrameMechanic = {
  Widget({ promotion }) {
    const { t } = useTranslation();
    return (
      <PromoCredits
        promotionId={promotion.id}
        mechanic={promotion.mechanic}
        onSignIn={requestSignIn}
        renderVerify={() => (
          <HostLink target={officePath('identification')} className={buttonClass()}>
            {t('credits_verify')}
          </HostLink>
        )}
      />
    );
  },
  prefetch: async (client, c) =>
    c.userId === null
      ? undefined
      : client.prefetchQuery({ ...promoCreditsQuery(c.userId, c.promotion.id), retry: false }),
};
