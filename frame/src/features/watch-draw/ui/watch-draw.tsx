import type { TicketLine } from '@promo/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Balls, lineText } from '../../../entities/lottery/index.ts';
import { Button } from '../../../shared/ui/index.ts';
import { modalQueue } from '../../../shared/ui/modal-queue/index.ts';
import styles from './watch-draw.module.css';

/** One ball comes out this often in a replay. */
export const DRAW_REPLAY_STEP_MS = 900;

const prefersReducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A drawn result, replayed ball by ball on the whole screen; each ball is announced as it comes
 * out. With reduced motion every ball is out at once.
 */
export function DrawReplay({ line }: { line: TicketLine }) {
  const { t } = useTranslation();
  const numbers = [...line.main, ...line.bonus];
  const total = numbers.length;
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? total : 0));
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setShown((n) => n + 1), DRAW_REPLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [shown, total]);
  const latest = numbers[shown - 1];
  let status = t('lotto_replay_intro');
  if (shown >= total) {
    status = t('lotto_replay_done', { numbers: lineText(line) });
  } else if (latest !== undefined) {
    status =
      shown > line.main.length
        ? t('lotto_replay_bonus', { number: latest })
        : t('lotto_replay_ball', { n: shown, count: line.main.length, number: latest });
  }
  return (
    <div className={styles.replay} data-testid="draw-replay">
      <Balls line={line} size="lg" shown={shown} />
      <p className={styles.status} aria-live="polite" data-testid="draw-replay-status">
        {status}
      </p>
      {shown >= total && (
        <Button variant="secondary" onClick={() => setShown(0)}>
          {t('lotto_replay_again')}
        </Button>
      )}
    </div>
  );
}

/**
 * "Watch the draw" beside a drawn result (a play button as tall as the balls, so the row keeps its
 * height; its name says which draw, since a list has one per row): the replay opens full screen.
 */
export function WatchDraw({ line, title }: { line: TicketLine; title: string }) {
  const { t } = useTranslation();
  const open = () => {
    modalQueue.open({ name: 'draw-replay', title, fullScreen: true, render: () => <DrawReplay line={line} /> });
  };
  return (
    <button
      type="button"
      className={styles.watch}
      onClick={open}
      aria-label={t('lotto_watch_draw_of', { title })}
      title={t('lotto_watch_draw_of', { title })}
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" className={styles.icon}>
        <path d="M5 3.5v9l7.5-4.5z" fill="currentColor" />
      </svg>
    </button>
  );
}
