import { Component, type ReactNode, useEffect, useRef } from 'react';
import styles from './modal-queue.module.css';
import { type ModalQueue, modalQueue, type QueuedModal } from './modal-queue.ts';
import { useCurrentModal } from './use-modal-queue.ts';

/** Spec 8 "failing modal: logged": a popup that throws is logged and closed; the next one shows. */
class ModalBoundary extends Component<{ children: ReactNode; onFail: () => void; name: string }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    console.error(`modal "${this.props.name}" failed`, error);
    this.props.onFail();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function ModalDialog({ modal, queue, closeLabel }: { modal: QueuedModal; queue: ModalQueue; closeLabel: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = () => queue.close(modal.id);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // Framed, the frame is as tall as its content and the host's page scrolls, so the middle of
    // the frame may be far off screen: the popup opens level with what the player pressed.
    const anchor = document.activeElement?.getBoundingClientRect();
    if (document.documentElement.dataset.embedded && anchor) {
      dialog.style.insetBlockStart = `${Math.max(16, Math.round(anchor.top) - 120)}px`;
      dialog.style.marginBlockStart = '0';
    }
    // A modal dialog traps focus and makes the page inert; Escape fires "cancel".
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);
  const titleId = `modal-title-${modal.id}`;
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      data-modal={modal.name}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {modal.title}
        </h2>
        <button type="button" className={styles.close} aria-label={closeLabel} onClick={close}>
          ×
        </button>
      </div>
      <div className={styles.body}>
        <ModalBoundary name={modal.name} onFail={close}>
          {modal.render(close)}
        </ModalBoundary>
      </div>
    </dialog>
  );
}

/** The layout's overlay: the queue's current popup, one at a time (keyed, so each opens fresh). */
export function ModalOutlet({ closeLabel, queue = modalQueue }: { closeLabel: string; queue?: ModalQueue }) {
  const modal = useCurrentModal(queue);
  return modal && <ModalDialog key={modal.id} modal={modal} queue={queue} closeLabel={closeLabel} />;
}
