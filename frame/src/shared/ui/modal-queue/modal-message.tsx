import type { ReactNode } from 'react';
import { Button } from '../button/button-link.tsx';
import styles from './modal-queue.module.css';

/** The body of a confirmation popup: its message and one button that closes it. */
export function ModalMessage({
  children,
  okLabel,
  onClose,
}: {
  children: ReactNode;
  okLabel: string;
  onClose: () => void;
}) {
  return (
    <div className={styles.message}>
      <p>{children}</p>
      <Button onClick={onClose}>{okLabel}</Button>
    </div>
  );
}
