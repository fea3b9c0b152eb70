import { type ReactNode, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/button-link.tsx';
import styles from '../modal-queue/modal-queue.module.css';
import { modalQueue } from '../modal-queue/modal-queue.ts';

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

/** The body of a question: what will happen, and the buttons to do it or not. */
function ModalQuestion({
  text,
  confirm,
  onAnswer,
}: {
  text: string;
  confirm: string;
  onAnswer: (yes: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.message}>
      <p>{text}</p>
      <div className={styles.actions}>
        <Button onClick={() => onAnswer(true)}>{confirm}</Button>
        <Button variant="secondary" onClick={() => onAnswer(false)}>
          {t('confirm_cancel')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Asks the player once before a take that cannot be undone (a daily gift, a bonus choice, a
 * ticket): resolves true when confirmed, false when cancelled, closed or dismissed with Escape.
 * The first answer closes the popup, so a second press has nothing to press.
 */
export function askToConfirm(name: string, title: string, text: string, confirm: string): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (yes: boolean) => {
      if (answered) return;
      answered = true;
      resolve(yes);
    };
    modalQueue.open({
      name,
      title,
      render: (closeSelf) => (
        <ModalQuestion
          text={text}
          confirm={confirm}
          onAnswer={(yes) => {
            answer(yes);
            closeSelf();
          }}
        />
      ),
      onClose: () => answer(false),
    });
  });
}

/** A question to ask before a take: the popup's name, title, text and confirming button. */
export interface Question {
  name: string;
  title: string;
  text: string;
  confirm: string;
}

/**
 * A press that asks first, then acts once: while its question is open (or before it opens, for a
 * burst of presses), further presses are ignored; confirmed, `act` runs; anything else, nothing.
 */
export function useAskFirst(): (question: Question, act: () => void) => Promise<void> {
  const asking = useRef(false);
  return useCallback(async (question, act) => {
    if (asking.current) return;
    asking.current = true;
    try {
      if (await askToConfirm(question.name, question.title, question.text, question.confirm)) act();
    } finally {
      asking.current = false;
    }
  }, []);
}
