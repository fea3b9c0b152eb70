import { afterEach, expect, test, vi } from 'vitest';
import { createFingerprintService, type FingerprintState } from './fingerprint.ts';

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

afterEach(() => vi.restoreAllMocks());

test('the fingerprint is reused while its token is set and not expired, and refetched after', async () => {
  let now = 1_000;
  let issued = 0;
  const collect = vi.fn(async () => state(`token-${++issued}`, now + 500));
  const service = createFingerprintService({
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
  const service = createFingerprintService({ loadScript: async () => ({ collect }), storage: memoryStorage() });
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
  const service = createFingerprintService({ loadScript, storage: memoryStorage() });
  await service.get();
  await service.get();
  await service.get();
  expect(loadScript).toHaveBeenCalledTimes(2);
  expect(warn).toHaveBeenCalledWith('Fingerprint script missing:', expect.any(Error));
  const empty = createFingerprintService({ loadScript: async () => undefined, storage: memoryStorage() });
  expect(await empty.get()).toBeNull();
  expect(warn).toHaveBeenLastCalledWith('Fingerprint script missing: it loaded but exposes no collect()', '');
});

test('concurrent callers share one collection', async () => {
  const collect = vi.fn(async () => state('shared', Date.now() + 60_000));
  const service = createFingerprintService({ loadScript: async () => ({ collect }), storage: memoryStorage() });
  const results = await Promise.all([service.get(), service.get(), service.get()]);
  expect(results.map((r) => r?.token)).toEqual(['shared', 'shared', 'shared']);
  expect(collect).toHaveBeenCalledTimes(1);
});
