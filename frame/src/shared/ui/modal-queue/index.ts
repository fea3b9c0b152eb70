export { setDialogBand, useDialogBand } from './dialog-band.ts';
export { ModalOutlet } from './modal-outlet.tsx';
export { createModalQueue, type ModalEvent, type ModalQueue, type ModalSpec, modalQueue } from './modal-queue.ts';
export { useCurrentModal } from './use-modal-queue.ts';
