import { frameViewportMessage, hostMessage, parseFrameViewport } from '@promo/contract';
import { initPayload } from '@promo/contract/testing';
import { afterEach, expect, test, vi } from 'vitest';
import { HostBridge } from './bridge.ts';
import type { HostWindow } from './context.ts';

const HOST = 'https://host.example';

/** A framed window whose parent is at `parentOrigin`, with optional native shells. */
function framedWindow(parentOrigin: string | null, shells: Partial<HostWindow> = {}) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const parent = { postMessage: vi.fn() };
  const win = {
    parent,
    location: { ancestorOrigins: parentOrigin ? [parentOrigin] : [] },
    document: { referrer: '' },
    sessionStorage: window.sessionStorage,
    addEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
    ...shells,
  } as unknown as HostWindow;
  const deliver = (data: unknown, origin = HOST, source: unknown = parent) => {
    for (const listener of listeners) listener({ data, origin, source } as MessageEvent);
  };
  return { win, parent, deliver, listeners };
}

afterEach(() => vi.restoreAllMocks());

test('posts to the parent with its exact origin, never "*"', () => {
  const { win, parent } = framedWindow(HOST);
  const bridge = new HostBridge(win);
  bridge.configure([HOST]);
  bridge.send('openHome', { path: '/' });
  expect(parent.postMessage).toHaveBeenCalledWith(hostMessage('openHome', { path: '/' }), HOST);
});

test('a parent that is not on the allow-list gets nothing', () => {
  const { win, parent } = framedWindow('https://evil.example');
  const bridge = new HostBridge(win);
  bridge.configure([HOST]);
  bridge.send('openHome', { path: '/' });
  expect(parent.postMessage).not.toHaveBeenCalled();
});

test('the Android bridge v1 gets the JSON envelope, v2 gets type and JSON data', () => {
  const v1 = { postMessage: vi.fn() };
  const first = framedWindow(null, { Android: v1 });
  new HostBridge(first.win).send('topUp', { path: '/office/recharge' });
  expect(JSON.parse(v1.postMessage.mock.calls[0]?.[0])).toEqual({
    type: 'topUp',
    data: { path: '/office/recharge' },
    v: 1,
  });

  const v2 = { send: vi.fn() };
  const second = framedWindow(null, { AndroidBridge: v2 });
  new HostBridge(second.win).send('topUp', { path: '/office/recharge' });
  expect(v2.send).toHaveBeenCalledWith('topUp', JSON.stringify({ path: '/office/recharge' }));
});

test('iOS message handlers get the envelope', () => {
  const handler = { postMessage: vi.fn() };
  const { win } = framedWindow(null, { webkit: { messageHandlers: { promoFrame: handler } } });
  new HostBridge(win).send('casino', { path: '/casino' });
  expect(handler.postMessage).toHaveBeenCalledWith({ type: 'casino', data: { path: '/casino' }, v: 1 });
});

test('a message without a type logs the spec message and sends nothing', () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const { win, parent } = framedWindow(HOST);
  const bridge = new HostBridge(win);
  bridge.configure([HOST]);
  bridge.send('' as 'openHome', { path: '/' });
  expect(error).toHaveBeenCalledWith("Can't send data without required type parameter");
  expect(parent.postMessage).not.toHaveBeenCalled();
});

test('an invalid payload is refused, not sent', () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const { win, parent } = framedWindow(HOST);
  const bridge = new HostBridge(win);
  bridge.configure([HOST]);
  bridge.send('promotion', { path: 'https://elsewhere.example/' });
  expect(parent.postMessage).not.toHaveBeenCalled();
  expect(error).toHaveBeenCalled();
});

test('a failing channel is logged and the others still get the message', () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const handler = { postMessage: vi.fn() };
  const { win, parent } = framedWindow(HOST, {
    Android: {
      postMessage: () => {
        throw new Error('bridge gone');
      },
    },
    webkit: { messageHandlers: { promoFrame: handler } },
  });
  const bridge = new HostBridge(win);
  bridge.configure([HOST]);
  expect(() => bridge.send('live', { path: '/live' })).not.toThrow();
  expect(parent.postMessage).toHaveBeenCalled();
  expect(handler.postMessage).toHaveBeenCalled();
  expect(error).toHaveBeenCalledWith('host bridge: posting to the Android bridge v1 failed', expect.any(Error));
});

test('inbound: only a valid config update from the allowed parent is applied', () => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  const { win, deliver, listeners } = framedWindow(HOST);
  const bridge = new HostBridge(win);
  bridge.configure([HOST]);
  const onUpdate = vi.fn();
  const stop = bridge.onSiteConfigUpdate(onUpdate);
  const update = hostMessage('updateSiteConfig', { theme: 'light' });

  deliver(update, 'https://host.example.evil.com');
  deliver(update, HOST, {});
  deliver(hostMessage('openHome', { path: '/' }));
  deliver({ ...update, v: 2 });
  deliver('updateSiteConfig');
  expect(onUpdate).not.toHaveBeenCalled();

  deliver(update);
  expect(onUpdate).toHaveBeenCalledWith({ theme: 'light' });
  stop();
  expect(listeners.size).toBe(0);
});

test('messages sent before the allow-list is known wait for init, then follow it in order', () => {
  const { win, parent } = framedWindow(HOST);
  const bridge = new HostBridge(win);
  bridge.send('pageNotFound', { path: '/promo-frame/en/nope' });
  bridge.send('changeTitle', { title: '404' });
  expect(parent.postMessage).not.toHaveBeenCalled();
  bridge.configure([HOST]);
  bridge.send('init', initPayload('/en/nope'));
  expect(parent.postMessage.mock.calls.map(([message]) => message.type)).toEqual([
    'init',
    'pageNotFound',
    'changeTitle',
  ]);
  expect(parent.postMessage.mock.calls.every(([, origin]) => origin === HOST)).toBe(true);
});

test('a parent off the allow-list gets nothing of what waited', () => {
  const { win, parent } = framedWindow('https://evil.example');
  const bridge = new HostBridge(win);
  bridge.send('pageNotFound', { path: '/promo-frame/en/nope' });
  bridge.configure([HOST]);
  bridge.send('init', initPayload('/en/nope'));
  expect(parent.postMessage).not.toHaveBeenCalled();
});

test('the message log tap sees every valid message sent', () => {
  const { win } = framedWindow(null);
  const bridge = new HostBridge(win);
  const seen: string[] = [];
  const stop = bridge.onSend((message) => seen.push(message.type));
  bridge.send('betOnOwn', { path: '/betsonyour/live', section: 'live' });
  bridge.send('promotion', { path: 'https://elsewhere.example/' });
  stop();
  bridge.send('openHome', { path: '/' });
  expect(seen).toEqual(['betOnOwn']);
});

test('inbound: a frameViewport band reaches its handler, bad bands and other senders do not', () => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  const { win, deliver, listeners } = framedWindow(HOST);
  const bridge = new HostBridge(win);
  bridge.configure([HOST]);
  const onBand = vi.fn();
  const onUpdate = vi.fn();
  const stopBand = bridge.onHostMessage(parseFrameViewport, onBand);
  const stopUpdates = bridge.onSiteConfigUpdate(onUpdate);
  expect(listeners.size).toBe(1);

  deliver(frameViewportMessage({ top: 1200, height: 844 }), 'https://evil.example');
  deliver(frameViewportMessage({ top: 1200, height: 844 }), HOST, {});
  for (const data of [{ top: -1, height: 844 }, { top: 1, height: 1e9 }, { top: '1', height: 2 }, null]) {
    deliver({ type: 'frameViewport', data, v: 1 });
  }
  deliver({ type: 'frameViewport', data: { top: 1, height: 2 }, v: 2 });
  expect(onBand).not.toHaveBeenCalled();

  deliver(frameViewportMessage({ top: 1200, height: 844 }));
  deliver(hostMessage('updateSiteConfig', { theme: 'dark' }));
  expect(onBand).toHaveBeenCalledExactlyOnceWith({ top: 1200, height: 844 });
  expect(onUpdate).toHaveBeenCalledExactlyOnceWith({ theme: 'dark' });
  stopBand();
  stopUpdates();
  expect(listeners.size).toBe(0);
});
