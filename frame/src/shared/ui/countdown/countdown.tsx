import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownParts } from '../../lib/format/dates.ts';
import { useNow } from '../../lib/format/use-now.ts';
import styles from './countdown.module.css';

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/**
 * Time left until `targetMs`, ticking every second. `onEnd` runs once it has passed, so the page
 * can switch to its ended state without a reload.
 */
export function Countdown({ targetMs, label, onEnd }: { targetMs: number; label: string; onEnd?: () => void }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const parts = countdownParts(targetMs - now);
  const ended = targetMs <= now;
  useEffect(() => {
    if (ended) onEnd?.();
  }, [ended, onEnd]);
  return (
    // role=timer is not live by default: screen readers are not interrupted every second.
    <div className={styles.countdown} role="timer" aria-label={label}>
      <span className={styles.label}>{label}</span>
      <ol className={styles.units}>
        {UNITS.map((unit) => (
          <li key={unit} className={styles.unit}>
            <span className={styles.value}>{String(parts[unit]).padStart(2, '0')}</span>
            <span className={styles.name}>{t(`promo_countdown_${unit}`)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
