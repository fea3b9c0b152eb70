import { verifySpin, type WheelSpin } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import { usePrizeLabel } from '../../../entities/promotion/index.ts';
import { useVerified } from '../../../shared/lib/use-verified.ts';
import { Button } from '../../../shared/ui/index.ts';
import section from '../../../shared/ui/mechanic/mechanic.module.css';
import styles from './spin-wheel.module.css';

/** "You won: 10 free spins" for one spin, in the page's language. */
export function usePrizeText(): (spin: WheelSpin) => string {
  const { t } = useTranslation();
  const prizeLabel = usePrizeLabel();
  return ({ prize }) =>
    prize.kind === 'none' ? t('wheel_result_none') : t('wheel_result', { prize: prizeLabel(prize) });
}

/** Every spin checked in the browser against the hash published before it. */
export const verifySpins = (spins: readonly WheelSpin[]): Promise<boolean> =>
  Promise.all(spins.map((spin) => verifySpin(spin))).then((all) => all.every(Boolean));

/** The prize popup: what each spin won, that it verified, and the proof to check by hand. */
export function SpinResults({ spins, onClose }: { spins: readonly WheelSpin[]; onClose: () => void }) {
  const { t } = useTranslation();
  const prizeText = usePrizeText();
  const verified = useVerified(spins, verifySpins);
  return (
    <div className={styles.popup} data-testid="wheel-popup">
      <ul className={styles.popupPrizes}>
        {spins.map((spin) => (
          <li key={spin.id} data-kind={spin.prize.kind}>
            {prizeText(spin)}
          </li>
        ))}
      </ul>
      {verified !== null && (
        <p className={verified ? section.verified : section.error}>
          {t(verified ? 'wheel_verified' : 'wheel_not_verified')}
        </p>
      )}
      <details className={section.proof}>
        <summary>{t('wheel_fairness')}</summary>
        {spins.map((spin) => (
          <dl key={spin.id}>
            <dt>{t('wheel_fairness_hash')}</dt>
            <dd>{spin.serverSeedHash}</dd>
            <dt>{t('wheel_fairness_seed')}</dt>
            <dd>{spin.serverSeed}</dd>
            <dt>{t('wheel_fairness_client')}</dt>
            <dd>
              {spin.clientSeed} · {spin.nonce}
            </dd>
          </dl>
        ))}
      </details>
      <Button onClick={onClose}>{t('wheel_popup_ok')}</Button>
    </div>
  );
}
