import { nextWheelDayMs, type SpinResult, type WheelState } from '@promo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PreviewAction } from '../../../entities/promotion/index.ts';
import { balanceQueryKey } from '../../../entities/user/index.ts';
import { joinWheel, spinWheel, wheelHistoryQuery, wheelStateQuery } from '../../../entities/wheel/index.ts';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { DATE_FORMATS, useZonedFormat } from '../../../shared/lib/format/index.ts';
import {
  ActionError,
  errorKindOf,
  isTransportError,
  useIdempotentMutation,
} from '../../../shared/lib/idempotent-mutation/index.ts';
import { useRenderNow } from '../../../shared/lib/rendering/index.ts';
import { useGlobalStore, useReaderId } from '../../../shared/model/index.ts';
import { Button } from '../../../shared/ui/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import type { ActionProps } from '../../../shared/ui/mechanic/index.ts';
import section from '../../../shared/ui/mechanic/mechanic.module.css';
import { modalQueue } from '../../../shared/ui/modal-queue/index.ts';
import { forgetPendingSpin, PENDING_SLACK_MS, pendingSpinSince, rememberPendingSpin } from '../model/pending-spin.ts';
import { type ProvenSpin, provenSpins, unprovenSpins } from '../model/spin-proof.ts';
import { SpinProofLine, SpinResults, usePrizeText } from './spin-results.tsx';
import styles from './spin-wheel.module.css';
import { rotationFor, WheelGraphic } from './wheel-graphic.tsx';

const SPIN_MS = 4000;
/** Without the animation the button still rests this long, so a double press is not a second spin. */
const REST_MS = 800;
const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** A press as it went out: the wheel's state published before it and the client seed sent. */
interface SentSpin {
  published: Pick<WheelState, 'nextServerSeedHash' | 'nextNonce'> | null;
  clientSeed: string;
}

/** The last result beside the wheel (the popup has the details). */
function LastResult({ spins }: { spins: readonly ProvenSpin[] }) {
  const prizeText = usePrizeText();
  const last = spins[spins.length - 1];
  if (!last) return null;
  return (
    <>
      <p className={styles.prize} data-testid="wheel-prize">
        {prizeText(last.spin)}
        {spins.length > 1 && ` (+${spins.length - 1})`}
      </p>
      <SpinProofLine spins={spins} testId="wheel-verified" />
    </>
  );
}

/** The player's earlier spins, newest first (loaded when opened). */
function SpinHistory({ promotionId, userId }: { promotionId: number; userId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const formatDate = useZonedFormat();
  const prizeText = usePrizeText();
  const { data, isError, refetch } = useQuery({ ...wheelHistoryQuery(promotionId, userId), enabled: open });
  return (
    <details className={styles.history} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('wheel_history')}</summary>
      {isError && <LoadFailed message={t('wheel_history_failed')} onRetry={() => void refetch()} />}
      {data && data.spins.length === 0 && <p className={styles.note}>{t('wheel_history_empty')}</p>}
      {data && data.spins.length > 0 && (
        <ol className={styles.historyList} data-testid="wheel-history">
          {data.spins.map((spin) => (
            <li key={spin.id}>
              <time dateTime={new Date(spin.createdAt * 1000).toISOString()}>
                {formatDate(spin.createdAt * 1000, DATE_FORMATS.dayMonthTime)}
              </time>
              <span>{prizeText(spin)}</span>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

/**
 * The prize wheel: take part, spin once or spend every spin left (the server decides; one
 * Idempotency-Key per press, reused if the answer was lost, and the buttons are locked until the
 * wheel stops), then the prize popup with the proof: the seed hash published before the spin and
 * the revealed seed, checked in the browser. Earlier spins are listed below. renderCountdown: the
 * countdown to the next free spins. On a console preview page (`preview`: its link's token) the
 * wheel is the previewed version's as a visitor sees it, and the spin button is off.
 */
export function SpinWheel({
  promotionId,
  preview,
  onSignIn,
  renderCountdown,
}: Pick<ActionProps, 'promotionId' | 'onSignIn' | 'renderCountdown'> & { preview?: string }) {
  const { t } = useTranslation();
  const now = useRenderNow();
  const userId = useReaderId(preview);
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  const prizeText = usePrizeText();
  const queryClient = useQueryClient();
  const stateQuery = wheelStateQuery(promotionId, userId, preview);
  const { data: state, isError: stateFailed, refetch } = useQuery(stateQuery);
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [shown, setShown] = useState<readonly ProvenSpin[]>([]);
  const stopTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(stopTimer.current), []);

  const join = useMutation({
    mutationFn: () => joinWheel(promotionId),
    onSuccess: (next) => queryClient.setQueryData(stateQuery.queryKey, next),
  });
  /** A decided result reaches the player (the result line, the popup) and the host (a notification). */
  const announce = (spins: readonly ProvenSpin[]) => {
    forgetPendingSpin(promotionId, userId);
    setShown(spins);
    // The host may show the result in its own way (a native toast in the app).
    const won = spins.some(({ spin }) => spin.prize.kind !== 'none');
    hostBridge.send('notification', {
      kind: won ? 'win' : 'loss',
      text: spins
        .map(({ spin }) => prizeText(spin))
        .join(' · ')
        .slice(0, 2048),
    });
    modalQueue.open({
      name: 'wheel-prize',
      title: t(spins.length > 1 ? 'wheel_popup_title_all' : 'wheel_popup_title'),
      render: (close) => <SpinResults spins={spins} onClose={close} />,
    });
  };
  // A page reloaded while its wheel turned: the server decided the spin already, so its result is
  // read back from the history and shown, not lost (this page saw no seed hash published before it).
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || userId === null || !state?.participating) return;
    resumed.current = true;
    const since = pendingSpinSince(promotionId, userId);
    if (since === null) return;
    void queryClient
      .fetchQuery(wheelHistoryQuery(promotionId, userId))
      .then(({ spins }) => {
        const decided = spins.filter((spin) => spin.createdAt * 1000 >= since - PENDING_SLACK_MS);
        if (decided.length > 0) announce(unprovenSpins(decided));
        else forgetPendingSpin(promotionId, userId);
      })
      .catch(() => undefined);
  });
  const onSpun = ({ spins, state: next }: SpinResult, before: SentSpin) => {
    // The spins left change when the wheel stops, not while it turns (the result is not out yet).
    const showState = () => queryClient.setQueryData(stateQuery.queryKey, next);
    if (userId !== null) {
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey(userId) });
      void queryClient.invalidateQueries({ queryKey: wheelHistoryQuery(promotionId, userId).queryKey });
    }
    const last = spins[spins.length - 1];
    if (!last) return showState();
    setShown([]);
    setSpinning(true);
    setRotation((current) => rotationFor(current, last.segment));
    stopTimer.current = setTimeout(
      () => {
        setSpinning(false);
        showState();
        announce(provenSpins(spins, before.published, before.clientSeed));
      },
      reducedMotion() ? REST_MS : SPIN_MS,
    );
  };
  // What the page knew when a press went out, kept for its key: a resend after a lost answer gets
  // the first answer again, which must match the hash published before the first sending.
  const sent = useRef<{ key: string; before: SentSpin } | null>(null);
  const spin = useIdempotentMutation({
    mutationFn: async (key, all: boolean) => {
      if (sent.current?.key !== key) {
        const published = queryClient.getQueryData(stateQuery.queryKey) ?? null;
        sent.current = { key, before: { published, clientSeed: `c${key.replace(/-/g, '').slice(0, 16)}` } };
      }
      const { before } = sent.current;
      try {
        return { result: await spinWheel(promotionId, key, before.clientSeed, all), before };
      } catch (error) {
        // A refusal is final: no spin is under way (a lost answer is resent under the same key).
        if (!isTransportError(error)) {
          sent.current = null;
          forgetPendingSpin(promotionId, userId);
        }
        throw error;
      }
    },
    onSuccess: ({ result, before }) => {
      sent.current = null;
      onSpun(result, before);
    },
  });
  const busy = spin.isPending || spinning;
  const press = (all: boolean) => {
    if (spinning) return;
    if (spin.run(all)) rememberPendingSpin(promotionId, userId);
  };

  let controls: ReactNode;
  if (preview) {
    controls = <PreviewAction label={t('wheel_spin')} reason={t('promo_preview_no_actions')} />;
  } else if (userId === null) {
    controls = (
      <>
        <p className={styles.note}>{t('wheel_sign_in')}</p>
        {hostAvailable && <Button onClick={onSignIn}>{t('account_sign_in')}</Button>}
      </>
    );
  } else if (stateFailed) {
    controls = <LoadFailed message={t('wheel_load_failed')} onRetry={() => void refetch()} />;
  } else if (!state) {
    controls = null;
  } else if (!state.participating) {
    controls = (
      <>
        <Button busy={join.isPending} onClick={() => join.mutate()}>
          {t('wheel_join')}
        </Button>
        <ActionError action={{ error: join.error, errorKind: errorKindOf(join.error) }} className={section.error} />
      </>
    );
  } else {
    controls = (
      <>
        <p className={styles.note} data-testid="spins-left">
          {state.spinsLeft > 0 ? t('wheel_spins_left', { count: state.spinsLeft }) : t('wheel_no_spins')}
        </p>
        {state.spinsLeft === 0 && renderCountdown(nextWheelDayMs(now), () => void refetch())}
        {state.spinsLeft > 0 && (
          <div className={styles.buttons}>
            <Button busy={busy} onClick={() => press(false)}>
              {busy ? t('wheel_spinning') : t('wheel_spin')}
            </Button>
            {state.spinsLeft > 1 && (
              <Button variant="secondary" busy={busy} onClick={() => press(true)}>
                {t('wheel_spin_all', { count: state.spinsLeft })}
              </Button>
            )}
          </div>
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
          <ActionError action={spin} className={section.error} retryText={t('wheel_spin_failed')} />
          <div aria-live="polite" className={styles.result}>
            <LastResult spins={shown} />
          </div>
          {userId !== null && state?.participating && <SpinHistory promotionId={promotionId} userId={userId} />}
        </div>
      </div>
    </section>
  );
}
