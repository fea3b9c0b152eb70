import type { ReactNode } from 'react';
import styles from './mechanic.module.css';

/**
 * The box of a promotion's action (take a bonus, a ticket, a spin; see credits, a series): its
 * heading names the region for assistive technology, and `busy` marks it while an action runs.
 */
export function MechanicSection({
  id,
  title,
  busy = false,
  children,
}: {
  /** The region's id: its heading is `${id}-title`. */
  id: string;
  title: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={styles.box} aria-labelledby={`${id}-title`} aria-busy={busy || undefined}>
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
