import { useSyncExternalStore } from 'react';
import { type ModalQueue, modalQueue, type QueuedModal } from './modal-queue.ts';

/** The popup on screen now, or null. */
export const useCurrentModal = (queue: ModalQueue = modalQueue): QueuedModal | null =>
  useSyncExternalStore(queue.subscribe, queue.current, queue.current);
