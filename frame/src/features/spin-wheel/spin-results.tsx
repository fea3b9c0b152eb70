import { verifySpin, type WheelSpin } from '@promo/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrizeLabel } from '../../entities/promotion/index.ts';
import { Button } from '../../shared/ui/index.ts';
import styles from './spin-wheel.module.css';

/** "You won: 10 free spins" for one spin, in the page's language. */
export function usePrizeText(): (spin: WheelSpin) => string {
  const { t } = useTranslation();
  const prizeLabel = usePrizeLabel();
  return ({ prize }) =>
    prize.kind === 'none' ? t('wheel_result_none') : t('wheel_result', { prize: prizeLabel(prize) });
}

/** Every spin checked in the browser against the hash published before it (null while checking). */
export function useVerified(spins: readonly WheelSpin[]): boolean | null {
  const [verified, setVerified] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all(spins.map((spin) => verifySpin(spin))).then((all) => {
      if (live) setVerified(all.every(Boolean));
    });
    return () => {
      live = false;
    };
  }, [spins]);
  return verified;
}

/** The prize popup: what each spin won, that it verified, and the proof to check by hand. */
export function SpinResults({ spins, onClose }: { spins: readonly WheelSpin[]; onClose: () => void }) {
  const { t } = useTranslation();
  const prizeText = usePrizeText();
  const verified = useVerified(spins);
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
        <p className={verified ? styles.verified : styles.error}>
          {t(verified ? 'wheel_verified' : 'wheel_not_verified')}
        </p>
      )}
      <details className={styles.proof}>
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
