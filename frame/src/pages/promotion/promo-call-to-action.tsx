import type { PromoEntry } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import { requestRegistration, requestSignIn } from '../../features/auth-prompt/index.ts';
import { HostLink, type HostTarget } from '../../features/host-navigation/index.ts';
import { bettingPath, officePath, thirdPartyPath } from '../../shared/config/index.ts';
import { useGlobalStore } from '../../shared/store/index.ts';
import { Button, buttonClass } from '../../shared/ui/index.ts';
import styles from './promotion-page.module.css';

/** Where a signed-in player goes to take part, and what the button says. */
function participation(entry: PromoEntry): { target: HostTarget; label: string } {
  switch (entry.template) {
    case 'deposit-bonus':
      return { target: officePath('recharge'), label: 'promo_cta_deposit' };
    case 'prize-wheel':
    case 'hunt':
    case 'info':
      return {
        target: thirdPartyPath({
          section:
            entry.options.section === 'live-casino' || entry.options.topic === 'live-casino' ? 'liveCasino' : 'slots',
        }),
        label: 'promo_cta_play',
      };
    default:
      return {
        target: bettingPath({ section: entry.options.section === 'live' ? 'live' : 'line' }),
        label: 'promo_cta_bet',
      };
  }
}

/**
 * The page's main action. Visitors in an app or host page are asked to register (or sign in);
 * signed-in players, and any visitor in a plain browser, go to the host section that takes part.
 */
export function PromoCallToAction({ entry }: { entry: PromoEntry }) {
  const { t } = useTranslation();
  const signedIn = useGlobalStore((s) => s.userId !== null);
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  if (!signedIn && hostAvailable) {
    return (
      <div className={styles.actions}>
        <Button onClick={() => requestRegistration()}>{t('promo_cta_join')}</Button>
        <Button variant="secondary" onClick={requestSignIn}>
          {t('account_sign_in')}
        </Button>
      </div>
    );
  }
  const { target, label } = participation(entry);
  return (
    <div className={styles.actions}>
      <HostLink target={target} className={buttonClass()}>
        {t(label)}
      </HostLink>
    </div>
  );
}
