import styles from './progress-bar.module.css';
import { useProgress } from './use-progress.ts';

/** Route-change progress bar at the top of the frame. */
export function ProgressBar({ active, label }: { active: boolean; label: string }) {
  const { visible, percent, durationMs } = useProgress(active);
  if (!visible) return null;
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
    >
      <div
        className={styles.bar}
        style={{ transform: `scaleX(${percent / 100})`, transitionDuration: `${durationMs}ms` }}
      />
    </div>
  );
}
