// @vitest-environment jsdom
import { type HostMessagePayload, hostMessage } from '@promo/contract';
import { afterEach, expect, test, vi } from 'vitest';
import { embedFrame } from './embed-frame.ts';

const ORIGIN = 'https://promo.example.com';

function setup() {
  const container = document.createElement('div');
  document.body.append(container);
  const embedded = embedFrame({ container, src: `${ORIGIN}/promo-frame/en`, allowedOrigin: ORIGIN });
  const frameWindow = embedded.iframe.contentWindow as Window;
  const postMessage = vi.spyOn(frameWindow, 'postMessage').mockImplementation(() => undefined);
  const fromFrame = (data: unknown, origin = ORIGIN, source: MessageEventSource | null = frameWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  return { container, embedded, postMessage, fromFrame };
}

afterEach(() => {
  document.body.innerHTML = '';
});

test('creates the iframe in the container with the frame URL', () => {
  const { container, embedded } = setup();
  expect(container.querySelector('iframe')).toBe(embedded.iframe);
  expect(embedded.iframe.src).toBe(`${ORIGIN}/promo-frame/en`);
  expect(embedded.iframe.title).toBe('Promotions');
});

test('refuses a src on another origin, or an origin with a path', () => {
  const container = document.createElement('div');
  expect(() => embedFrame({ container, src: 'https://evil.example/promo-frame/', allowedOrigin: ORIGIN })).toThrow(
    TypeError,
  );
  expect(() => embedFrame({ container, src: `${ORIGIN}/x`, allowedOrigin: `${ORIGIN}/promo-frame` })).toThrow(
    TypeError,
  );
});

test('the handshake completes on init, and queued config updates go out then, to the exact origin', async () => {
  const { embedded, postMessage, fromFrame } = setup();
  embedded.updateSiteConfig({ currentLanguage: 'ar' });
  expect(postMessage).not.toHaveBeenCalled();
  fromFrame(hostMessage('init', { protocol: 1, frameVersion: 'test', path: '/promo-frame/en' }));
  await expect(embedded.ready).resolves.toEqual({ protocol: 1, frameVersion: 'test', path: '/promo-frame/en' });
  expect(postMessage).toHaveBeenCalledWith(hostMessage('updateSiteConfig', { currentLanguage: 'ar' }), ORIGIN);
  embedded.updateSiteConfig({ theme: 'light' });
  expect(postMessage).toHaveBeenLastCalledWith(hostMessage('updateSiteConfig', { theme: 'light' }), ORIGIN);
});

test('resizes the iframe to the reported height', () => {
  const { embedded, fromFrame } = setup();
  fromFrame(hostMessage('updateFrameHeight', { height: 1234 }));
  expect(embedded.iframe.style.blockSize).toBe('1234px');
});

test('typed handlers get their type only, and their cleanup stops them', () => {
  const { embedded, fromFrame } = setup();
  const onBonus = vi.fn();
  const stop = embedded.on('bonus', onBonus);
  fromFrame(hostMessage('openHome', { path: '/' }));
  fromFrame(hostMessage('bonus', { path: '/bonus/rules' }));
  expect(onBonus).toHaveBeenCalledExactlyOnceWith({ path: '/bonus/rules' });
  stop();
  fromFrame(hostMessage('bonus', { path: '/bonus/rules' }));
  expect(onBonus).toHaveBeenCalledTimes(1);
});

test('messages from another origin, another window or of a bad shape are ignored', () => {
  const { embedded, fromFrame } = setup();
  const all = vi.fn();
  embedded.onMessage(all);
  fromFrame(hostMessage('openHome', { path: '/' }), 'https://promo.example.com.evil.io');
  fromFrame(hostMessage('openHome', { path: '/' }), ORIGIN, window);
  fromFrame({ type: 'openHome', data: { path: 'https://evil.example' }, v: 1 });
  fromFrame('openHome');
  expect(all).not.toHaveBeenCalled();
});

test('an invalid update throws instead of being sent', () => {
  const { embedded } = setup();
  expect(() => embedded.updateSiteConfig({ theme: 'neon' as 'dark' })).toThrow(TypeError);
});

test('destroy removes the iframe and stops listening', () => {
  const { container, embedded, fromFrame } = setup();
  const all = vi.fn();
  embedded.onMessage(all);
  embedded.destroy();
  fromFrame(hostMessage('openHome', { path: '/' }));
  expect(all).not.toHaveBeenCalled();
  expect(container.querySelector('iframe')).toBeNull();
});

test("the frame's analytics reach the host's dataLayer and the typed dataLayerPush handler; bad ones neither", () => {
  const container = document.createElement('div');
  document.body.append(container);
  const dataLayer: object[] = [];
  const embedded = embedFrame({ container, src: `${ORIGIN}/promo-frame/en`, allowedOrigin: ORIGIN, dataLayer });
  const onTags = vi.fn();
  embedded.on('dataLayerPush', onTags);
  const send = (data: unknown, origin = ORIGIN) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: embedded.iframe.contentWindow }));
  const entries: HostMessagePayload<'dataLayerPush'>['entries'] = [
    { event: 'page_view', path: '/promo-frame/en/', title: 'Promotions', source: 55 },
    { event: 'page_not_found', path: '/promo-frame/en/nope', source: 55 },
  ];
  send(hostMessage('dataLayerPush', { entries }));
  expect(dataLayer).toEqual(entries);
  expect(onTags).toHaveBeenCalledWith({ entries });
  send(hostMessage('dataLayerPush', { entries }), 'https://evil.example');
  send({ type: 'dataLayerPush', data: { entries: [{ path: '/no-event' }] }, v: 1 });
  expect(dataLayer).toHaveLength(2);
  expect(onTags).toHaveBeenCalledTimes(1);
});
