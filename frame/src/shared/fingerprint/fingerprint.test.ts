import { CONFIG_PART_SCHEMAS, configPartUrl } from '@promo/contract';
import { afterEach, expect, test, vi } from 'vitest';
import { answer, endpoint, refuse, requestsTo } from '../../../mock-api/contract-api.ts';
import { mockServer, startMockApi } from '../../../mock-api/node.ts';
import { createFingerprintService, createPageFingerprintService, type FingerprintState } from './fingerprint.ts';

/** The operator's third-party settings: the fingerprint script's app path (spec 7). */
const THIRDPARTY = endpoint('GET', configPartUrl('thirdparty'), CONFIG_PART_SCHEMAS.thirdparty);
startMockApi();

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};
const state = (token: string, expiresAt: number): FingerprintState => ({
  token,
  expiresAt,
  componentsData: { screen: '390x844' },
});

/** The path every service of the older tests is given: the tests below check where it comes from. */
const scriptPath = async () => '/fingerprint/fingerprint.js';

type ScriptWindow = Window & { PromoFingerprint?: { collect(): Promise<unknown> } };
afterEach(() => {
  vi.restoreAllMocks();
  delete (window as ScriptWindow).PromoFingerprint;
  for (const script of document.head.querySelectorAll('script')) script.remove();
  localStorage.clear();
});

test('the fingerprint is reused while its token is set and not expired, and refetched after', async () => {
  let now = 1_000;
  let issued = 0;
  const collect = vi.fn(async () => state(`token-${++issued}`, now + 500));
  const service = createFingerprintService({
    scriptPath,
    loadScript: async () => ({ collect }),
    storage: memoryStorage(),
    now: () => now,
  });
  expect((await service.get())?.token).toBe('token-1');
  now += 499;
  expect((await service.get())?.token).toBe('token-1');
  now += 1;
  expect((await service.get())?.token).toBe('token-2');
  expect(collect).toHaveBeenCalledTimes(2);
});

test('two failures in a row stop the fetching until forced; a success resets the count', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  let healthy = false;
  const collect = vi.fn(async () => (healthy ? state('ok-token', Date.now() + 60_000) : { token: '' }));
  const service = createFingerprintService({
    scriptPath,
    loadScript: async () => ({ collect }),
    storage: memoryStorage(),
  });
  expect(await service.get()).toBeNull();
  expect(await service.get()).toBeNull();
  expect(await service.get()).toBeNull();
  expect(collect).toHaveBeenCalledTimes(2);
  expect(warn).toHaveBeenCalledWith('Fingerprint incomplete: token, componentsData or expiresAt missing', '');
  healthy = true;
  expect(await service.get()).toBeNull();
  expect((await service.get({ force: true }))?.token).toBe('ok-token');
  expect(collect).toHaveBeenCalledTimes(3);
});

test('a missing script is logged and counts as a failure', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const loadScript = vi.fn(async () => {
    throw new Error('could not load /fingerprint/fingerprint.js');
  });
  const service = createFingerprintService({ scriptPath, loadScript, storage: memoryStorage() });
  await service.get();
  await service.get();
  await service.get();
  expect(loadScript).toHaveBeenCalledTimes(2);
  expect(warn).toHaveBeenCalledWith('Fingerprint script missing:', expect.any(Error));
  const empty = createFingerprintService({
    scriptPath,
    loadScript: async () => undefined,
    storage: memoryStorage(),
  });
  expect(await empty.get()).toBeNull();
  expect(warn).toHaveBeenLastCalledWith('Fingerprint script missing: it loaded but exposes no collect()', '');
});

test('concurrent callers share one collection', async () => {
  const collect = vi.fn(async () => state('shared', Date.now() + 60_000));
  const service = createFingerprintService({
    scriptPath,
    loadScript: async () => ({ collect }),
    storage: memoryStorage(),
  });
  const results = await Promise.all([service.get(), service.get(), service.get()]);
  expect(results.map((r) => r?.token)).toEqual(['shared', 'shared', 'shared']);
  expect(collect).toHaveBeenCalledTimes(1);
});

/** The script tag the page added, once it is there; the test plays the browser that loads it. */
const addedScript = () =>
  vi.waitFor(() => {
    const script = document.head.querySelector('script');
    if (!script) throw new Error('no script tag yet');
    return script;
  });
/** The browser ran the script: it put its collector on window, then the tag fired load. */
const runScript = (script: HTMLScriptElement, collect: () => Promise<unknown>) => {
  (window as ScriptWindow).PromoFingerprint = { collect };
  script.dispatchEvent(new Event('load'));
};

test("the script is loaded from the thirdparty config part's app path, and the part is asked once", async () => {
  mockServer.use(answer(THIRDPARTY, { tournamentsEnabled: true, fingerprintAppPath: '/fingerprint/v2/collector.js' }));
  let issued = 0;
  // Each token expires at once: every get() fetches a fresh one.
  const collect = vi.fn(async () => state(`token-${++issued}`, Date.now() - 1));
  const service = createPageFingerprintService();
  const first = service.get();
  const script = await addedScript();
  expect(script.getAttribute('src')).toBe('/fingerprint/v2/collector.js');
  runScript(script, collect);
  expect((await first)?.token).toBe('token-1');
  expect((await service.get())?.token).toBe('token-2');
  expect(requestsTo(THIRDPARTY)).toHaveLength(1);
  expect(document.head.querySelectorAll('script')).toHaveLength(1);
});

test('a thirdparty part that fails is logged as a missing script: the flow goes on, two failures stop the asking', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  mockServer.use(refuse(THIRDPARTY, 500, 'Internal Server Error', 'Site config is invalid'));
  const service = createPageFingerprintService();
  // The callers (the analytics collector, the secure cookie) get no fingerprint, never an error.
  await expect(service.get()).resolves.toBeNull();
  await expect(service.get()).resolves.toBeNull();
  await expect(service.get()).resolves.toBeNull();
  expect(requestsTo(THIRDPARTY)).toHaveLength(2);
  expect(warn).toHaveBeenCalledWith(
    'Fingerprint script missing: the thirdparty config part names no app path:',
    expect.any(Error),
  );
  expect(document.head.querySelector('script')).toBeNull();

  // The part is back: a forced fetch asks for it again and loads the script it names.
  mockServer.use(answer(THIRDPARTY, { tournamentsEnabled: true, fingerprintAppPath: '/fingerprint/fingerprint.js' }));
  const forced = service.get({ force: true });
  const script = await addedScript();
  expect(script.getAttribute('src')).toBe('/fingerprint/fingerprint.js');
  runScript(script, async () => state('back', Date.now() + 60_000));
  expect((await forced)?.token).toBe('back');
  expect(requestsTo(THIRDPARTY)).toHaveLength(3);
});
