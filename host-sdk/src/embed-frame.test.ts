// @vitest-environment jsdom
import { type HostMessagePayload, hostMessage } from '@promo/contract';
import { initPayload } from '@promo/contract/testing';
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
  fromFrame(hostMessage('init', initPayload('/promo-frame/en')));
  await expect(embedded.ready).resolves.toEqual(initPayload('/promo-frame/en'));
  expect(postMessage).toHaveBeenCalledWith(hostMessage('updateSiteConfig', { currentLanguage: 'ar' }), ORIGIN);
  embedded.updateSiteConfig({ theme: 'light' });
  expect(postMessage).toHaveBeenLastCalledWith(hostMessage('updateSiteConfig', { theme: 'light' }), ORIGIN);
});

test('every later init (a reloaded frame) gets the whole config the host has set so far', () => {
  const { embedded, postMessage, fromFrame } = setup();
  const init = hostMessage('init', initPayload('/promo-frame/en'));
  fromFrame(init);
  embedded.updateSiteConfig({ userId: 7, theme: 'dark' });
  embedded.updateSiteConfig({ theme: 'light', is12h: 1 });
  postMessage.mockClear();
  fromFrame(init);
  expect(postMessage).toHaveBeenCalledExactlyOnceWith(
    hostMessage('updateSiteConfig', { userId: 7, theme: 'light', is12h: 1 }),
    ORIGIN,
  );
  // A sign-out is part of the state too: the reloaded frame must not see the old user.
  embedded.updateSiteConfig({ userId: null });
  postMessage.mockClear();
  fromFrame(init);
  expect(postMessage).toHaveBeenCalledWith(
    hostMessage('updateSiteConfig', { userId: null, theme: 'light', is12h: 1 }),
    ORIGIN,
  );
});

test('an init before any update sends nothing', () => {
  const { postMessage, fromFrame } = setup();
  fromFrame(hostMessage('init', initPayload('/promo-frame/en')));
  expect(postMessage).not.toHaveBeenCalled();
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

test('after init the frame is told its visible band, again after a reload, and on scroll once per frame', async () => {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  const runFrame = () => {
    for (const callback of frames.splice(0)) callback(0);
  };
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
  const { embedded, postMessage, fromFrame } = setup();
  let top = 0;
  Object.defineProperty(embedded.iframe, 'clientHeight', { value: 2600 });
  embedded.iframe.getBoundingClientRect = () => ({ top }) as DOMRect;
  const bands = () =>
    postMessage.mock.calls.filter(([message]) => message.type === 'frameViewport').map(([m, o]) => [m.data, o]);

  window.dispatchEvent(new Event('scroll'));
  runFrame();
  expect(bands()).toEqual([[{ top: 0, height: 844 }, ORIGIN]]);
  postMessage.mockClear();

  const init = hostMessage('init', initPayload('/promo-frame/en'));
  fromFrame(init);
  runFrame();
  expect(bands()).toEqual([[{ top: 0, height: 844 }, ORIGIN]]);
  expect(postMessage.mock.calls.find(([m]) => m.type === 'frameViewport')?.[0]).toEqual({
    type: 'frameViewport',
    data: { top: 0, height: 844 },
    v: 1,
  });

  for (const y of [-100, -900, -1756]) {
    top = y;
    window.dispatchEvent(new Event('scroll'));
  }
  runFrame();
  expect(bands().at(-1)).toEqual([{ top: 1756, height: 844 }, ORIGIN]);
  expect(bands()).toHaveLength(2);

  // The frame reloaded (a new document): it gets the band again though nothing moved.
  fromFrame(init);
  runFrame();
  expect(bands()).toHaveLength(3);
  embedded.destroy();
  vi.restoreAllMocks();
});

test('disableScroll holds the page and gives back the overflow it had, also on destroy', () => {
  const { embedded, fromFrame } = setup();
  document.documentElement.style.overflow = 'auto';
  fromFrame(hostMessage('disableScroll', { disabled: true }));
  expect(document.documentElement.style.overflow).toBe('hidden');
  expect(document.body.style.overflow).toBe('hidden');
  fromFrame(hostMessage('disableScroll', { disabled: true }));
  fromFrame(hostMessage('disableScroll', { disabled: false }));
  expect(document.documentElement.style.overflow).toBe('auto');
  expect(document.body.style.overflow).toBe('');

  fromFrame(hostMessage('disableScroll', { disabled: true }));
  embedded.destroy();
  expect(document.documentElement.style.overflow).toBe('auto');
  document.documentElement.style.overflow = '';
});

test('a host that keeps its own scrolling turns the lock off', () => {
  const container = document.createElement('div');
  document.body.append(container);
  const embedded = embedFrame({ container, src: `${ORIGIN}/promo-frame/en`, allowedOrigin: ORIGIN, lockScroll: false });
  window.dispatchEvent(
    new MessageEvent('message', {
      data: hostMessage('disableScroll', { disabled: true }),
      origin: ORIGIN,
      source: embedded.iframe.contentWindow,
    }),
  );
  expect(document.documentElement.style.overflow).toBe('');
  embedded.destroy();
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
