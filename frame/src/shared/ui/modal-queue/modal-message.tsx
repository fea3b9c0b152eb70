import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/button-link.tsx';
import styles from './modal-queue.module.css';
import { modalQueue } from './modal-queue.ts';

/** The body of a confirmation popup: its message and one button that closes it. */
function ModalMessage({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.message}>
      <p>{children}</p>
      <Button onClick={onClose}>{t('wheel_popup_ok')}</Button>
    </div>
  );
}

/** Queues a confirmation popup (a title, one message, an OK button); returns its close function. */
export const openMessage = (name: string, title: string, text: string): (() => void) =>
  modalQueue.open({ name, title, render: (close) => <ModalMessage onClose={close}>{text}</ModalMessage> });
