import type { PromoCta } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import { requestRegistration, requestSignIn } from '../../../features/auth-prompt/index.ts';
import { getHref } from '../../../shared/config/index.ts';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { goToSection } from '../../../shared/lib/browser/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { Button, ButtonLink, buttonClass, HostLink } from '../../../shared/ui/index.ts';
import { ctaTarget } from '../lib/cta.ts';
import styles from './promotion-page.module.css';

/** Payment methods a player may not hold yet: the host has a widget to buy them. */
const CRYPTO = new Set(['bitcoin', 'ethereum', 'usdt']);

/**
 * The page's main action. Visitors in an app or host page are asked to register (or sign in);
 * signed-in players, and any visitor in a plain browser, go where the promotion is played: the
 * host section its content names (or the frame's lotteries).
 */
export function PromoCallToAction({
  cta,
  payment = [],
  inPage,
}: {
  cta: PromoCta;
  payment?: readonly string[];
  /**
   * Where the promotion is played on this page (the wheel): the main action goes there, and the
   * host section becomes the second one.
   */
  inPage?: { label: string; targetId: string };
}) {
  const { t } = useTranslation();
  const signedIn = useGlobalStore((s) => s.userId !== null);
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  const language = useGlobalStore((s) => s.currentLanguage);
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
  const { target, label } = ctaTarget(cta);
  return (
    <div className={styles.actions}>
      {inPage && <Button onClick={() => goToSection(inPage.targetId)}>{inPage.label}</Button>}
      {target ? (
        <HostLink target={target} className={buttonClass(inPage ? 'secondary' : 'primary')}>
          {t(label)}
        </HostLink>
      ) : (
        <ButtonLink to={getHref('lotto', {}, language)}>{t(label)}</ButtonLink>
      )}
      {/* A crypto offer: the host's buy-crypto widget, where there is a host to open it. */}
      {hostAvailable && payment.some((method) => CRYPTO.has(method)) && (
        <Button variant="secondary" onClick={() => hostBridge.send('openBuyCryptoWidget', {})}>
          {t('promo_cta_buy_crypto')}
        </Button>
      )}
    </div>
  );
}
