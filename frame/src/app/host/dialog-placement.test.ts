import { frameViewportMessage, hostMessage } from '@promo/contract';
import { afterEach, expect, test, vi } from 'vitest';
import { HostBridge, type HostContext, type HostWindow } from '../../shared/host-bridge/index.ts';
import { createModalQueue } from '../../shared/ui/modal-queue/index.ts';
import { startDialogPlacement } from './dialog-placement.ts';

const HOST = 'https://host.example';
const CONTEXTS: Record<string, HostContext> = {
  iframe: { iframe: true, mobileApp: false, androidBridge: null, iosWebView: false },
  app: { iframe: false, mobileApp: true, androidBridge: 2, iosWebView: false },
  browser: { iframe: false, mobileApp: false, androidBridge: null, iosWebView: false },
};

function setup(context: HostContext, innerHeight = 3000) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const parent = { postMessage: vi.fn() };
  const win = {
    parent,
    location: { ancestorOrigins: [HOST] },
    document: { referrer: '' },
    addEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
  } as unknown as HostWindow;
  const bridge = new HostBridge(win);
  bridge.configure([HOST]);
  vi.spyOn(bridge, 'context').mockReturnValue(context);
  const sent = vi.spyOn(bridge, 'send').mockImplementation(() => undefined);
  const queue = createModalQueue();
  const stop = startDialogPlacement({
    bridge,
    context,
    queue,
    win: { innerHeight, screen: { height: 844 } as Screen },
  });
  const deliver = (data: unknown) => {
    for (const listener of listeners) listener({ data, origin: HOST, source: parent } as unknown as MessageEvent);
  };
  const messages = () => sent.mock.calls.map(([type, data]) => `${type} ${JSON.stringify(data)}`);
  const modal = { name: 'm', title: 'M', render: () => null };
  return { queue, stop, deliver, messages, modal };
}

afterEach(() => vi.restoreAllMocks());

test('the host is held still while dialogs are open: true once, false once the last one closes', () => {
  const { queue, deliver, messages, modal, stop } = setup(CONTEXTS.iframe as HostContext);
  deliver(frameViewportMessage({ top: 1200, height: 844 }));
  const closeFirst = queue.open(modal);
  const closeSecond = queue.open(modal);
  closeFirst();
  closeSecond();
  expect(messages()).toEqual(['disableScroll {"disabled":true}', 'disableScroll {"disabled":false}']);
  queue.open(modal);
  stop();
  expect(messages().at(-1)).toBe('disableScroll {"disabled":false}');
});

test.each([
  ['a framed page with no band from its host', 'iframe', 3000, true],
  ['an app webview sized to its content', 'app', 3000, true],
  ['an app webview that is the screen', 'app', 800, false],
  ['a plain browser', 'browser', 3000, false],
])('%s: asks the host to scroll to the dialog: %s', (_, context, innerHeight, asks) => {
  const { queue, messages, modal } = setup(CONTEXTS[context] as HostContext, innerHeight);
  queue.open(modal);
  expect(messages().includes('scrollToTop {}')).toBe(asks);
});

test('a band from the SDK means no scrollToTop; bad bands are ignored', () => {
  const { queue, deliver, messages, modal } = setup(CONTEXTS.iframe as HostContext);
  deliver({ type: 'frameViewport', data: { top: -5, height: 844 }, v: 1 });
  deliver(hostMessage('updateSiteConfig', {}));
  deliver(frameViewportMessage({ top: 1200, height: 844 }));
  queue.open(modal);
  expect(messages()).toEqual(['disableScroll {"disabled":true}']);
});

test('full-screen content asks the host to hide its chrome while it is open, and to show it again', () => {
  const { queue, deliver, messages, modal, stop } = setup(CONTEXTS.iframe as HostContext);
  deliver(frameViewportMessage({ top: 0, height: 844 }));
  const closeReplay = queue.open({ ...modal, fullScreen: true });
  const closeMessage = queue.open(modal);
  closeReplay();
  closeMessage();
  expect(messages()).toEqual([
    'hideContent {}',
    'disableScroll {"disabled":true}',
    'showContent {}',
    'disableScroll {"disabled":false}',
  ]);
  // Stopped while full-screen content is open: the host gets its chrome back.
  queue.open({ ...modal, fullScreen: true });
  stop();
  expect(messages().slice(-2)).toEqual(['showContent {}', 'disableScroll {"disabled":false}']);
});
