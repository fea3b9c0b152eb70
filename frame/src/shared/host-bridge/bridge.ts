import {
  HOST_MESSAGE_PAYLOADS,
  type HostMessagePayload,
  type HostMessageType,
  hostMessage,
  parseHostMessage,
  type SiteConfigUpdate,
} from '@promo/contract';
import { detectHostContext, type HostContext, type HostWindow } from './context.ts';

/** Messages held for a parent not yet known; a page sends a handful before init. */
const MAX_PENDING = 20;
const CONFIG_UPDATE_ONLY: ReadonlySet<HostMessageType> = new Set(['updateSiteConfig']);

/** The parent page's origin, if the browser tells it: ancestorOrigins, else the referrer. */
function parentOriginOf(win: Window): string | null {
  const ancestor = win.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * The frame's one way to talk to its host: the parent window (exact origin, never '*'), the
 * Android bridge in both versions and the iOS message handlers. Sending never throws; inbound,
 * only messages from the allowed parent that a contract parser accepts reach a handler.
 */
export class HostBridge {
  private allowedOrigins: ReadonlySet<string> = new Set();
  private configured = false;
  /**
   * Parent-window messages sent before the allow-list is known (a page's first effects run before
   * the lazy host connection): they wait for the init message instead of being lost.
   */
  private pending: Array<ReturnType<typeof hostMessage>> = [];
  private dropped = 0;
  private readonly taps = new Set<(envelope: ReturnType<typeof hostMessage>) => void>();
  private readonly handlers = new Set<(raw: unknown) => boolean>();
  private detected: HostContext | undefined;

  /** The window is read when first used: the module is also imported where there is none (the server's render). */
  constructor(private readonly ownWindow?: HostWindow) {}

  private get win(): HostWindow {
    return this.ownWindow ?? (window as HostWindow);
  }

  /** Origins of host pages allowed to receive and send messages (site config `iframe`). */
  configure(allowedHostOrigins: readonly string[]): void {
    this.allowedOrigins = new Set(allowedHostOrigins);
    this.configured = true;
  }

  /**
   * Where the frame runs, detected once: native shells inject their bridges before the page's
   * scripts, and detection writes the iframe flag, which has no place on every height message.
   */
  context(): HostContext {
    this.detected ??= detectHostContext(this.win);
    return this.detected;
  }

  /** The parent origin when it is on the allow-list; otherwise nothing is posted to the parent. */
  parentOrigin(): string | null {
    if (this.win.parent === this.win) return null;
    const origin = parentOriginOf(this.win);
    return origin && this.allowedOrigins.has(origin) ? origin : null;
  }

  send<T extends HostMessageType>(type: T, data: HostMessagePayload<T>): void {
    if (!type) {
      console.error("Can't send data without required type parameter");
      return;
    }
    const payload = HOST_MESSAGE_PAYLOADS[type]?.safeParse(data);
    if (!payload?.success) {
      console.error(`host bridge: refusing to send an invalid "${type}" payload`, payload?.error?.issues);
      return;
    }
    const envelope = hostMessage(type, payload.data as HostMessagePayload<T>);
    for (const tap of this.taps) this.attempt('message log', () => tap(envelope));
    const context = this.context();
    const parent = this.parentOrigin();
    if (!this.configured && this.win.parent !== this.win) {
      if (this.pending.length < MAX_PENDING) this.pending.push(envelope);
    } else {
      this.attempt('parent window', () => parent && this.win.parent.postMessage(envelope, parent));
    }
    // init opens the conversation: what waited for it follows, in order.
    if (type === 'init' && parent) {
      for (const held of this.pending.splice(0))
        this.attempt('parent window', () => this.win.parent.postMessage(held, parent));
    }
    this.attempt(
      'Android bridge v1',
      () => context.androidBridge === 1 && this.win.Android?.postMessage(JSON.stringify(envelope)),
    );
    this.attempt(
      'Android bridge v2',
      () => context.androidBridge === 2 && this.win.AndroidBridge?.send(type, JSON.stringify(envelope.data)),
    );
    this.attempt(
      'iOS message handler',
      () => context.iosWebView && this.win.webkit?.messageHandlers?.promoFrame?.postMessage(envelope),
    );
  }

  /** Sees every valid outbound message (the developer tools' message log); returns the cleanup. */
  onSend(tap: (envelope: ReturnType<typeof hostMessage>) => void): () => void {
    this.taps.add(tap);
    return () => this.taps.delete(tap);
  }

  /** Calls `onUpdate` for each valid config update from the allowed parent; returns the cleanup. */
  onSiteConfigUpdate(onUpdate: (update: SiteConfigUpdate) => void): () => void {
    return this.onHostMessage((raw) => {
      const message = parseHostMessage(raw, CONFIG_UPDATE_ONLY);
      return message?.type === 'updateSiteConfig' ? (message.data as SiteConfigUpdate) : null;
    }, onUpdate);
  }

  /**
   * Calls `onValid` with what `parse` (a contract parser, null for anything else) makes of each
   * message from the allowed parent window; returns the cleanup. Messages no parser takes are
   * dropped silently, counted in the debug log.
   */
  onHostMessage<T>(parse: (raw: unknown) => T | null, onValid: (value: T) => void): () => void {
    const handler = (raw: unknown) => {
      const value = parse(raw);
      if (value !== null) onValid(value);
      return value !== null;
    };
    this.handlers.add(handler);
    if (this.handlers.size === 1) this.win.addEventListener('message', this.onWindowMessage);
    return () => {
      this.handlers.delete(handler);
      if (!this.handlers.size) this.win.removeEventListener('message', this.onWindowMessage);
    };
  }

  private readonly onWindowMessage = (event: MessageEvent) => {
    const parent = this.parentOrigin();
    let taken = false;
    if (parent && event.source === this.win.parent && event.origin === parent) {
      for (const handler of this.handlers) taken = handler(event.data) || taken;
    }
    if (!taken) {
      this.dropped += 1;
      console.debug(`host bridge: ignored a message from ${event.origin} (${this.dropped} so far)`);
    }
  };

  private attempt(channel: string, post: () => unknown): void {
    try {
      post();
    } catch (error) {
      console.error(`host bridge: posting to the ${channel} failed`, error);
    }
  }
}
