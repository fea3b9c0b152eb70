import { verifySpin, type WheelSpin } from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinWheel, spinWheel, wheelStateQuery } from '../../entities/promotion/index.ts';
import { balanceQueryKey, formatMoney } from '../../entities/user/index.ts';
import { normalizeError, randomKey } from '../../shared/lib/index.ts';
import { useGlobalStore } from '../../shared/store/index.ts';
import { Button } from '../../shared/ui/index.ts';
import styles from './spin-wheel.module.css';
import { rotationFor, WheelGraphic } from './wheel-graphic.tsx';

const SPIN_MS = 4000;
/** Without the animation the button still rests this long, so a double press is not a second spin. */
const REST_MS = 800;
const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
/** Worth sending again with the same key: the spin may or may not have reached the server. */
const isTransportError = (error: unknown) => [502, 503, 504].includes(normalizeError(error).statusCode);

function usePrizeText(): (spin: WheelSpin) => string {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  return ({ prize }) => {
    if (prize.kind === 'none') return t('wheel_result_none');
    const amount = prize.kind === 'freespins' ? prize.amount : formatMoney(prize.amount, prize.currencyCode, language);
    return t('wheel_result', { prize: t(`wheel_prize_${prize.kind}`, { amount }) });
  };
}

/**
 * The prize wheel: take part, spin (the server decides; one Idempotency-Key per press, reused if
 * the answer was lost, and the button is locked until the wheel stops), then the prize and the
 * proof: the seed hash published before the spin, the revealed seed, checked in the browser.
 */
export function SpinWheel({ promotionId, onSignIn }: { promotionId: number; onSignIn: () => void }) {
  const { t } = useTranslation();
  const userId = useGlobalStore((s) => s.userId);
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  const queryClient = useQueryClient();
  const stateQuery = wheelStateQuery(promotionId, userId);
  const { data: state, isError: stateFailed, refetch } = useQuery(stateQuery);
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [shown, setShown] = useState<{ spin: WheelSpin; verified: boolean | null } | null>(null);
  const pendingKey = useRef<string | null>(null);
  // Set on the press itself: presses faster than a re-render must not send again.
  const pressed = useRef(false);
  const stopTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const prizeText = usePrizeText();
  useEffect(() => () => clearTimeout(stopTimer.current), []);

  const join = useMutation({
    mutationFn: () => joinWheel(promotionId),
    onSuccess: (next) => queryClient.setQueryData(stateQuery.queryKey, next),
  });
  const spin = useMutation({
    mutationFn: (key: string) => spinWheel(promotionId, key, `c${key.replace(/-/g, '').slice(0, 16)}`),
    retry: (count, error) => count < 2 && isTransportError(error),
    onSettled: () => {
      pressed.current = false;
    },
    onSuccess: ({ spins, state: next }) => {
      pendingKey.current = null;
      const [result] = spins;
      queryClient.setQueryData(stateQuery.queryKey, next);
      if (userId !== null) void queryClient.invalidateQueries({ queryKey: balanceQueryKey(userId) });
      if (!result) return;
      setShown(null);
      setSpinning(true);
      setRotation((current) => rotationFor(current, result.segment));
      const still = reducedMotion();
      const reveal = () => {
        setShown({ spin: result, verified: null });
        void verifySpin(result).then((verified) => setShown({ spin: result, verified }));
      };
      if (still) reveal();
      stopTimer.current = setTimeout(
        () => {
          setSpinning(false);
          if (!still) reveal();
        },
        still ? REST_MS : SPIN_MS,
      );
    },
    onError: (error) => {
      // A refusal is final; a lost answer keeps its key so that the next press cannot spin twice.
      if (!isTransportError(error)) pendingKey.current = null;
    },
  });
  const onSpin = () => {
    if (pressed.current || spinning) return;
    pressed.current = true;
    pendingKey.current ??= randomKey();
    spin.mutate(pendingKey.current);
  };

  let controls: ReactNode;
  if (userId === null) {
    controls = (
      <>
        <p className={styles.note}>{t('wheel_sign_in')}</p>
        {hostAvailable && <Button onClick={onSignIn}>{t('account_sign_in')}</Button>}
      </>
    );
  } else if (stateFailed) {
    controls = (
      <>
        <p role="alert" className={styles.error}>
          {t('wheel_load_failed')}
        </p>
        <Button variant="secondary" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </>
    );
  } else if (!state) {
    controls = null;
  } else if (!state.participating) {
    controls = (
      <Button busy={join.isPending} onClick={() => join.mutate()}>
        {t('wheel_join')}
      </Button>
    );
  } else {
    controls = (
      <>
        <p className={styles.note} data-testid="spins-left">
          {state.spinsLeft > 0 ? t('wheel_spins_left', { count: state.spinsLeft }) : t('wheel_no_spins')}
        </p>
        {state.spinsLeft > 0 && (
          <Button busy={spin.isPending || spinning} onClick={onSpin}>
            {spin.isPending || spinning ? t('wheel_spinning') : t('wheel_spin')}
          </Button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="wheel-title">
      <h2 id="wheel-title" className={styles.title}>
        {t('wheel_title')}
      </h2>
      <div className={styles.layout}>
        <WheelGraphic rotation={rotation} spinning={spinning} />
        <div className={styles.side}>
          <div className={styles.controls}>{controls}</div>
          {spin.isError && (
            <p role="alert" className={styles.error}>
              {isTransportError(spin.error) ? t('wheel_spin_failed') : normalizeError(spin.error).message}
            </p>
          )}
          <div aria-live="polite" className={styles.result}>
            {shown && (
              <>
                <p className={styles.prize} data-testid="wheel-prize">
                  {prizeText(shown.spin)}
                </p>
                {shown.verified !== null && (
                  <p className={shown.verified ? styles.verified : styles.error} data-testid="wheel-verified">
                    {t(shown.verified ? 'wheel_verified' : 'wheel_not_verified')}
                  </p>
                )}
                <details className={styles.proof}>
                  <summary>{t('wheel_fairness')}</summary>
                  <dl>
                    <dt>{t('wheel_fairness_hash')}</dt>
                    <dd>{shown.spin.serverSeedHash}</dd>
                    <dt>{t('wheel_fairness_seed')}</dt>
                    <dd>{shown.spin.serverSeed}</dd>
                    <dt>{t('wheel_fairness_client')}</dt>
                    <dd>
                      {shown.spin.clientSeed} · {shown.spin.nonce}
                    </dd>
                  </dl>
                </details>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
