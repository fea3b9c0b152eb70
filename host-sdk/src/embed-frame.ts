import {
  frameViewportMessage,
  type HostMessage,
  type HostMessagePayload,
  type HostMessageType,
  hostMessage,
  parseHostMessage,
  type SiteConfigUpdate,
  siteConfigUpdateSchema,
} from '@promo/contract';
import { bareOrigin } from './frame-url.ts';
import { createScrollLock } from './scroll-lock.ts';
import { watchBand } from './viewport-band.ts';

export interface EmbedFrameOptions {
  /** Element the iframe is appended to. */
  container: HTMLElement;
  /** Frame URL, e.g. from buildFrameUrl(). Must be on `allowedOrigin`. */
  src: string;
  /** The frame's exact origin: messages go only there and are accepted only from there. */
  allowedOrigin: string;
  /** Accessible name of the iframe. */
  title?: string;
  /** Height before the frame reports its own, in CSS pixels. */
  initialHeight?: number;
  /** Resize the iframe to the height the frame reports (default true). */
  autoResize?: boolean;
  /** Hold the page's scrolling while the frame shows a dialog (disableScroll; default true). */
  lockScroll?: boolean;
  /**
   * The host's tag-manager queue (usually `window.dataLayer`): the frame's analytics entries
   * (dataLayerPush messages) are pushed onto it. Without it they only reach `on('dataLayerPush')`.
   */
  dataLayer?: { push(...entries: object[]): unknown };
}

export type InitData = HostMessagePayload<'init'>;

export interface EmbeddedFrame {
  readonly iframe: HTMLIFrameElement;
  /** Resolves with the frame's init message: the handshake is complete. */
  readonly ready: Promise<InitData>;
  /** Typed handler for one message type; returns its cleanup. */
  on<T extends HostMessageType>(type: T, handler: (data: HostMessagePayload<T>) => void): () => void;
  /** Handler for every valid message from the frame; returns its cleanup. */
  onMessage(handler: (message: HostMessage) => void): () => void;
  /**
   * Pushes a site-config update; held until the handshake completes. Every field the host ever set
   * is re-sent on each later init (a reloaded or re-rendered frame starts with an empty state).
   * Throws on an invalid update.
   */
  updateSiteConfig(update: SiteConfigUpdate): void;
  /** Removes the iframe and every listener. */
  destroy(): void;
}

/**
 * Embeds the promo frame: creates the iframe, completes the handshake (the frame's init), resizes
 * the iframe to the reported height, pushes config updates and dispatches typed messages. Messages
 * from any other origin or window are ignored.
 */
export function embedFrame(options: EmbedFrameOptions): EmbeddedFrame {
  const {
    container,
    src,
    allowedOrigin,
    title = 'Promotions',
    initialHeight = 600,
    autoResize = true,
    lockScroll = true,
    dataLayer,
  } = options;
  const origin = bareOrigin(allowedOrigin, 'allowedOrigin');
  if (new URL(src, origin).origin !== origin) throw new TypeError(`src ${src} is not on ${origin}`);

  const iframe = document.createElement('iframe');
  iframe.src = new URL(src, origin).href;
  iframe.title = title;
  // The frame reads the host origin from the referrer where ancestorOrigins is missing.
  iframe.referrerPolicy = 'strict-origin-when-cross-origin';
  iframe.style.border = '0';
  iframe.style.inlineSize = '100%';
  iframe.style.blockSize = `${initialHeight}px`;

  const listeners = new Set<(message: HostMessage) => void>();
  // Everything the host has said so far, merged: a reloaded frame gets it again with its new init.
  let lastConfig: SiteConfigUpdate = {};
  let isReady = false;
  let resolveReady: (data: InitData) => void = () => {};
  const ready = new Promise<InitData>((resolve) => {
    resolveReady = resolve;
  });

  const post = (update: SiteConfigUpdate) =>
    iframe.contentWindow?.postMessage(hostMessage('updateSiteConfig', update), origin);
  // The frame places its dialogs in the band of it the player sees; it learns the band after each
  // init (a reloaded frame has forgotten it) and on every scroll and resize, once per frame.
  const band = watchBand(iframe, (visible) => iframe.contentWindow?.postMessage(frameViewportMessage(visible), origin));
  const scrollLock = createScrollLock(document);

  const onWindowMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== iframe.contentWindow) return;
    const message = parseHostMessage(event.data);
    if (!message) return;
    if (message.type === 'init') {
      band.reset();
      band.schedule();
      if (Object.keys(lastConfig).length > 0) post(lastConfig);
      if (!isReady) {
        isReady = true;
        resolveReady(message.data as InitData);
      }
    }
    if (message.type === 'updateFrameHeight' && autoResize) {
      iframe.style.blockSize = `${(message.data as HostMessagePayload<'updateFrameHeight'>).height}px`;
      band.schedule();
    }
    if (message.type === 'disableScroll' && lockScroll) {
      scrollLock.set((message.data as HostMessagePayload<'disableScroll'>).disabled);
    }
    if (message.type === 'dataLayerPush' && dataLayer) {
      // Copies: the tag manager may annotate its entries; the message stays as it came.
      dataLayer.push(...(message.data as HostMessagePayload<'dataLayerPush'>).entries.map((entry) => ({ ...entry })));
    }
    for (const listener of listeners) {
      try {
        listener(message);
      } catch (error) {
        console.error('promo frame: a message handler failed', error);
      }
    }
  };
  window.addEventListener('message', onWindowMessage);
  container.append(iframe);

  const onMessage = (handler: (message: HostMessage) => void) => {
    listeners.add(handler);
    return () => {
      listeners.delete(handler);
    };
  };

  return {
    iframe,
    ready,
    onMessage,
    on: (type, handler) =>
      onMessage((message) => {
        if (message.type === type) handler(message.data as HostMessagePayload<typeof type>);
      }),
    updateSiteConfig(update) {
      const parsed = siteConfigUpdateSchema.safeParse(update);
      if (!parsed.success) throw new TypeError(`invalid site config update: ${parsed.error.issues[0]?.message}`);
      lastConfig = { ...lastConfig, ...parsed.data };
      if (isReady) post(parsed.data);
    },
    destroy() {
      window.removeEventListener('message', onWindowMessage);
      band.stop();
      scrollLock.set(false);
      listeners.clear();
      iframe.remove();
    },
  };
}
