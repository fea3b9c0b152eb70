import { parseFrameViewport } from '@promo/contract';
import type { HostBridge, HostContext } from '../../shared/host-bridge/index.ts';
import type { ModalQueue } from '../../shared/ui/modal-queue/index.ts';
// Deep import: the band store stays out of the entry chunk (the queue's index is in it).
import { setDialogBand } from '../../shared/ui/modal-queue/index.ts';

export interface DialogPlacementOptions {
  bridge: HostBridge;
  context: HostContext;
  queue: ModalQueue;
  /** The frame's window (its viewport height; the screen it is on). */
  win?: Pick<Window, 'innerHeight' | 'screen'>;
}

/**
 * Keeps the frame's dialogs where the player looks when a host scrolls the frame (decision 014):
 * - the host SDK's frameViewport band places them (in the modal outlet);
 * - a host that sends no band (the app webviews, a hand-made embed) gets a dialog at the frame's
 *   top and is asked to scroll there (scrollToTop) when the frame is taller than a screen;
 * - while a dialog is open the host's page is held still (disableScroll true, then false);
 * - full-screen content (a draw replay) asks the host to hide its own chrome (hideContent) and to
 *   show it again when it closes (showContent).
 * Returns the stop function.
 */
export function startDialogPlacement({ bridge, context, queue, win = window }: DialogPlacementOptions): () => void {
  let bandFromHost = false;
  let open = false;
  let hostChromeHidden = false;
  const stopBand = bridge.onHostMessage(parseFrameViewport, (band) => {
    bandFromHost = true;
    setDialogBand(band);
  });
  const stopEvents = queue.onEvent((event) => {
    if (event.fullScreen) {
      hostChromeHidden = event.type === 'open';
      bridge.send(hostChromeHidden ? 'hideContent' : 'showContent', {});
    }
    const nowOpen = queue.size() > 0;
    if (nowOpen === open) return;
    open = nowOpen;
    // A frame no taller than a screen is its own viewport: centring in it is in view already.
    const hostScrolls = context.iframe || win.innerHeight > win.screen.height;
    if (open && !bandFromHost && (context.iframe || context.mobileApp) && hostScrolls) {
      setDialogBand({ top: 0, height: Math.min(win.innerHeight, win.screen.height) });
      bridge.send('scrollToTop', {});
    }
    bridge.send('disableScroll', { disabled: open });
  });
  return () => {
    stopBand();
    stopEvents();
    setDialogBand(null);
    if (hostChromeHidden) bridge.send('showContent', {});
    if (open) bridge.send('disableScroll', { disabled: false });
  };
}
