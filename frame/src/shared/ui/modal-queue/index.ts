export { createModalQueue, type ModalEvent, type ModalQueue, type ModalSpec, modalQueue } from './modal-queue.ts';
export { useCurrentModal } from './use-modal-queue.ts';
