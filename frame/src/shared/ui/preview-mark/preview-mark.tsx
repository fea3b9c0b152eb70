import type { ReactNode } from 'react';
import styles from './preview-mark.module.css';

/**
 * The note on a console preview link's page (a promotion's, decision 042; a CMS page's, decision
 * 050): what players will see, marked so nobody takes it for the live one.
 */
export function PreviewMark({ children }: { children: ReactNode }) {
  return (
    <p className={styles.previewMark} role="note">
      {children}
    </p>
  );
}
