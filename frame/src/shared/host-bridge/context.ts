import { APP_AUTH_COOKIE } from '@promo/contract';
import { readCookie } from '../lib/browser/cookies.ts';

export { APP_AUTH_COOKIE };

/** Android bridge, first version: one method taking the JSON envelope. */
interface AndroidBridgeV1 {
  postMessage(json: string): void;
}
/** Android bridge, second version: type and JSON payload apart. */
interface AndroidBridgeV2 {
  send(type: string, json: string): void;
}
interface IosHandlers {
  promoFrame?: { postMessage(message: unknown): void };
}

/** What the native shells put on the web view's window. */
export interface HostWindow extends Window {
  Android?: AndroidBridgeV1;
  AndroidBridge?: AndroidBridgeV2;
  webkit?: { messageHandlers?: IosHandlers };
}

export interface HostContext {
  /** Inside the mobile app: a native bridge, or the app's authorization cookie. */
  mobileApp: boolean;
  androidBridge: 1 | 2 | null;
  iosWebView: boolean;
  /** Inside a host page's iframe (kept for the session, spec 3 "iframe mode" flag). */
  iframe: boolean;
}

const IFRAME_FLAG = 'promo-frame:iframe-mode';

function isFramed(win: Window): boolean {
  try {
    return win.parent !== win;
  } catch {
    return true;
  }
}

/** Reads or keeps the iframe-mode flag; storage may be unavailable in a sandboxed frame. */
function iframeFlag(win: Window, framed: boolean): boolean {
  try {
    if (framed) win.sessionStorage.setItem(IFRAME_FLAG, '1');
    return framed || win.sessionStorage.getItem(IFRAME_FLAG) === '1';
  } catch {
    return framed;
  }
}

/** Spec 1: mobile app (bridge or app cookie), iOS web view, iframe, or plain browser. */
export function detectHostContext(win: HostWindow = window as HostWindow): HostContext {
  const androidBridge =
    typeof win.AndroidBridge?.send === 'function' ? 2 : typeof win.Android?.postMessage === 'function' ? 1 : null;
  const iosWebView = typeof win.webkit?.messageHandlers?.promoFrame?.postMessage === 'function';
  return {
    mobileApp: androidBridge !== null || iosWebView || readCookie(APP_AUTH_COOKIE) !== undefined,
    androidBridge,
    iosWebView,
    iframe: iframeFlag(win, isFramed(win)),
  };
}
