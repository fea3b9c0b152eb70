import { Component, type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import { useDialogBand } from './dialog-band.ts';
import { trapTab } from './focus-trap.ts';
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
  const band = useDialogBand();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Focus goes back where the player was when the dialog leaves.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // A modal dialog makes the page inert and is drawn over it; Escape fires "cancel".
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  // Framed, the iframe's viewport is the whole (tall) frame: the dialog sits in the band of it
  // the player sees, centred there.
  const placement = band
    ? ({ '--band-top': `${band.top}px`, '--band-height': `${band.height}px` } as CSSProperties)
    : undefined;
  const titleId = `modal-title-${modal.id}`;
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      data-modal={modal.name}
      data-band={band ? '' : undefined}
      data-full-screen={modal.fullScreen ? '' : undefined}
      style={placement}
      onKeyDown={trapTab}
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
