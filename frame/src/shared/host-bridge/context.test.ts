import { afterEach, expect, test } from 'vitest';
import { APP_AUTH_COOKIE, detectHostContext, type HostWindow } from './context.ts';

/** A session's storage as a page sees it; `broken` throws as a sandboxed frame's does. */
function storage(broken = false): Storage {
  const items = new Map<string, string>();
  const refuse = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return {
    getItem: (key: string) => (broken ? refuse() : (items.get(key) ?? null)),
    setItem: (key: string, value: string) => (broken ? refuse() : void items.set(key, value)),
  } as Storage;
}

/**
 * A window as the frame finds it: inside a host page or not, with what an app shell puts on it.
 * `parent: 'cross-origin'` is a parent the frame may not read, as a host on another origin is.
 */
function place({
  framed = false,
  parent,
  session = storage(),
  shell = {},
}: {
  framed?: boolean;
  parent?: 'cross-origin';
  session?: Storage;
  shell?: Partial<HostWindow>;
}): HostWindow {
  const win = { sessionStorage: session, ...shell } as HostWindow;
  Object.defineProperty(win, 'parent', {
    get: () => {
      if (parent === 'cross-origin') throw new DOMException('Blocked a frame', 'SecurityError');
      return framed ? ({} as Window) : win;
    },
  });
  return win;
}

const setAppCookie = (value: string | null) => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar is what the detection reads
  document.cookie = `${APP_AUTH_COOKIE}=${value ?? ''}; path=/${value === null ? '; max-age=0' : ''}`;
};

afterEach(() => setAppCookie(null));

const PLAIN = { mobileApp: false, androidBridge: null, iosWebView: false, iframe: false };

// Spec 1: the mobile app (a native bridge or the app's authorization cookie), an iOS web view, an
// iframe, or a plain browser.
test.each([
  { where: 'a plain browser', shell: {}, expected: PLAIN },
  {
    where: 'the Android app, bridge v1',
    shell: { Android: { postMessage: () => undefined } },
    expected: { ...PLAIN, mobileApp: true, androidBridge: 1 },
  },
  {
    where: 'the Android app, bridge v2 (beside v1, v2 wins)',
    shell: { Android: { postMessage: () => undefined }, AndroidBridge: { send: () => undefined } },
    expected: { ...PLAIN, mobileApp: true, androidBridge: 2 },
  },
  {
    where: 'an iOS web view with the message handlers',
    shell: { webkit: { messageHandlers: { promoFrame: { postMessage: () => undefined } } } },
    expected: { ...PLAIN, mobileApp: true, iosWebView: true },
  },
  {
    where: 'a web view whose bridge is not a function',
    shell: { Android: { postMessage: 'no' } as unknown as HostWindow['Android'] },
    expected: PLAIN,
  },
])('$where is told apart', ({ shell, expected }) => {
  expect(detectHostContext(place({ shell }))).toEqual(expected);
});

test("the app's authorization cookie alone means the mobile app", () => {
  setAppCookie('app-token');
  expect(detectHostContext(place({}))).toEqual({ ...PLAIN, mobileApp: true });
});

test('inside a host page, also one on another origin, the frame is in an iframe', () => {
  expect(detectHostContext(place({ framed: true })).iframe).toBe(true);
  expect(detectHostContext(place({ parent: 'cross-origin' })).iframe).toBe(true);
});

test('the iframe-mode flag is kept for the session: a page of it opened on its own is still in iframe mode', () => {
  const session = storage();
  expect(detectHostContext(place({ framed: true, session })).iframe).toBe(true);
  expect(detectHostContext(place({ session })).iframe).toBe(true);
  // Another session (another tab) never was framed.
  expect(detectHostContext(place({ session: storage() })).iframe).toBe(false);
});

test('storage that refuses keeps no flag: framed or not is read from the page alone', () => {
  expect(detectHostContext(place({ framed: true, session: storage(true) })).iframe).toBe(true);
  expect(detectHostContext(place({ session: storage(true) })).iframe).toBe(false);
});
