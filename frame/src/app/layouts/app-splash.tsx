import styles from './layouts.module.css';

/** Shown while the first route loads (config and dictionary); has no text since none is loaded yet. */
export function AppSplash() {
  return (
    <div className={styles.splash} role="status" aria-busy="true" aria-label="…">
      <span className={styles.spinner} />
    </div>
  );
}
