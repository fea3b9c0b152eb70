import type { ReactNode } from 'react';

/** One popup: the outlet shows its content in a dialog with a title and a close button. */
export interface ModalSpec {
  /** Names the popup in open/close events (e.g. "wheel-prize"). */
  name: string;
  title: string;
  render: (close: () => void) => ReactNode;
  onClose?: () => void;
  /**
   * Full-screen content (a draw replay), not a message: the dialog fills the part of the frame the
   * player sees, and the host is asked to hide its own chrome around it while it is open.
   */
  fullScreen?: boolean;
}
export interface QueuedModal extends ModalSpec {
  id: number;
}
export type ModalEvent = { type: 'open' | 'close'; name: string; id: number; fullScreen: boolean };

type Listener = () => void;

/**
 * Spec 4: popups are shown one at a time, in the order they were asked for. Each open and close is
 * announced to event listeners (analytics); a popup closed before its turn never opens.
 */
export function createModalQueue() {
  let queue: readonly QueuedModal[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const eventListeners = new Set<(event: ModalEvent) => void>();
  const emit = (type: ModalEvent['type'], modal: QueuedModal) => {
    const event = { type, name: modal.name, id: modal.id, fullScreen: modal.fullScreen === true };
    for (const listener of eventListeners) listener(event);
  };
  const set = (next: readonly QueuedModal[]) => {
    const before = queue[0];
    queue = next;
    const after = queue[0];
    if (before && before !== after) emit('close', before);
    if (after && before !== after) emit('open', after);
    for (const listener of listeners) listener();
  };

  const close = (id: number) => {
    const modal = queue.find((m) => m.id === id);
    if (!modal) return;
    set(queue.filter((m) => m.id !== id));
    modal.onClose?.();
  };
  return {
    /** Queues a popup; the returned function closes it (or drops it before its turn). */
    open(spec: ModalSpec): () => void {
      const modal = { ...spec, id: nextId++ };
      set([...queue, modal]);
      return () => close(modal.id);
    },
    close,
    current: (): QueuedModal | null => queue[0] ?? null,
    size: () => queue.length,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onEvent(listener: (event: ModalEvent) => void) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
  };
}
export type ModalQueue = ReturnType<typeof createModalQueue>;

/** The page's queue, shown by the layout's overlay container. */
export const modalQueue: ModalQueue = createModalQueue();
