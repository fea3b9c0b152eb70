import { HOST_PREF_COOKIES } from '@promo/contract';
import { setupWorker } from 'msw/browser';
import { writeCookie } from '../../src/shared/lib/browser/index.ts';
import { OFFLINE_RECORDING, offlineHandlers, recordedPlayerId } from './handlers.ts';

/** Where the dev server serves MSW's worker script in offline mode (its plugin, frame/vite.config.ts). */
const OFFLINE_WORKER_URL = '/promo-frame/mockServiceWorker.js';

/**
 * The dev server's offline mode (`npm run dev:offline`): before the frame asks for anything, a
 * service worker answers its API calls with the contract-checked handlers of ./handlers.ts, made
 * with the tool the unit tests use. The frame opens signed in as the recorded demo player, as a host
 * that has signed its player in does (its user cookie; the session check then confirms it).
 */
export async function startOfflineApi(): Promise<void> {
  writeCookie(HOST_PREF_COOKIES.userId, String(recordedPlayerId(OFFLINE_RECORDING)), 24 * 3600);
  const worker = setupWorker(...offlineHandlers());
  await worker.start({
    serviceWorker: { url: OFFLINE_WORKER_URL, options: { scope: '/promo-frame/' } },
    // The page's own code and assets go to the dev server; every API call has a handler (the last
    // ones say in the console which call had no recorded answer).
    onUnhandledFrame: 'bypass',
  });
}
