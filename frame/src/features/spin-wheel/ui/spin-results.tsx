import type { WheelSpin } from '@promo/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrizeLabel } from '../../../entities/promotion/index.ts';
import { Button } from '../../../shared/ui/index.ts';
import section from '../../../shared/ui/mechanic/mechanic.module.css';
import { type ProvenSpin, proveSpins, type SpinProof } from '../model/spin-proof.ts';
import styles from './spin-wheel.module.css';

/** "You won: 10 free spins" for one spin, in the page's language. */
export function usePrizeText(): (spin: WheelSpin) => string {
  const { t } = useTranslation();
  const prizeLabel = usePrizeLabel();
  return ({ prize }) =>
    prize.kind === 'none' ? t('wheel_result_none') : t('wheel_result', { prize: prizeLabel(prize) });
}

/**
 * The spins checked in the browser, each against its revealed seed and against the hash published
 * before it and the client seed sent with it: null while checking.
 */
function useSpinProof(spins: readonly ProvenSpin[]): SpinProof | null {
  const [checked, setChecked] = useState<{ spins: readonly ProvenSpin[]; proof: SpinProof } | null>(null);
  useEffect(() => {
    let live = true;
    void proveSpins(spins)
      .catch((): SpinProof => 'failed')
      .then((proof) => {
        if (live) setChecked({ spins, proof });
      });
    return () => {
      live = false;
    };
  }, [spins]);
  return checked?.spins === spins ? checked.proof : null;
}

/**
 * What the check found, in a line: "Verified fair" only when every spin matches the hash published
 * before it; a spin this page saw no hash for (read back from the history, or after the first of
 * "spin all") is said to match its revealed seed only.
 */
export function SpinProofLine({ spins, testId }: { spins: readonly ProvenSpin[]; testId?: string }) {
  const { t } = useTranslation();
  const proof = useSpinProof(spins);
  if (proof === null || spins.length === 0) return null;
  return (
    <p
      className={{ verified: section.verified, 'seed-only': section.note, failed: section.error }[proof]}
      data-testid={testId}
    >
      {proof === 'verified' && t('wheel_verified')}
      {proof === 'seed-only' && t('wheel_verified_partly')}
      {proof === 'failed' && t('wheel_not_verified')}
    </p>
  );
}

/** The prize popup: what each spin won, that it verified, and the proof to check by hand. */
export function SpinResults({ spins, onClose }: { spins: readonly ProvenSpin[]; onClose: () => void }) {
  const { t } = useTranslation();
  const prizeText = usePrizeText();
  return (
    <div className={styles.popup} data-testid="wheel-popup">
      <ul className={styles.popupPrizes}>
        {spins.map(({ spin }) => (
          <li key={spin.id} data-kind={spin.prize.kind}>
            {prizeText(spin)}
          </li>
        ))}
      </ul>
      <SpinProofLine spins={spins} />
      <details className={section.proof}>
        <summary>{t('wheel_fairness')}</summary>
        {spins.map(({ spin, before }) => {
          // The hash this page saw published before the spin, or the one the answer gives with it.
          const published = before?.serverSeedHash ?? null;
          return (
            <dl key={spin.id}>
              <dt>{t(published === null ? 'wheel_fairness_hash_unpublished' : 'wheel_fairness_hash')}</dt>
              <dd>{published ?? spin.serverSeedHash}</dd>
              <dt>{t('wheel_fairness_seed')}</dt>
              <dd>{spin.serverSeed}</dd>
              <dt>{t('wheel_fairness_client')}</dt>
              <dd>
                {spin.clientSeed} · {spin.nonce}
              </dd>
            </dl>
          );
        })}
      </details>
      <Button onClick={onClose}>{t('wheel_popup_ok')}</Button>
    </div>
  );
}
