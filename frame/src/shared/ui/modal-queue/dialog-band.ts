import type { FrameViewport } from '@promo/contract';
import { useSyncExternalStore } from 'react';

/**
 * The band of the document the player sees, where dialogs are placed: set by the host connection
 * (the host SDK's frameViewport, or a fallback when a host cannot say). Null: no host scrolls the
 * frame, and dialogs are centred in the viewport as usual.
 */
let band: FrameViewport | null = null;
const listeners = new Set<() => void>();

/** Sets where dialogs go (null: the viewport). */
export function setDialogBand(next: FrameViewport | null): void {
  if (next === band || (next && band && next.top === band.top && next.height === band.height)) return;
  band = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const current = () => band;

/** The band dialogs are placed in now. */
export const useDialogBand = (): FrameViewport | null => useSyncExternalStore(subscribe, current, current);
