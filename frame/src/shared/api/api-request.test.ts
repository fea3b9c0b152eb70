import { afterEach, expect, test, vi } from 'vitest';
import { z } from 'zod/mini';
import { StatusError } from '../lib/errors.ts';
import { apiRequest, fetchSessionToken, MAX_TOKEN_RETRIES } from './api-request.ts';
import type { TokenStore } from './session-token.ts';
import { createTokenManager } from './token-manager.ts';

const schema = z.object({ ok: z.boolean() });

/** One exp for the whole file, so fakeJwt(n) names the same token however slow the run is. */
const VALID_UNTIL = Math.floor(Date.now() / 1000) + 3600;

/** An unsigned JWT-shaped token with an exp (the frame never checks signatures). */
const fakeJwt = (id: number, expSeconds = VALID_UNTIL): string =>
  `h.${btoa(JSON.stringify({ sub: `s${id}`, exp: expSeconds })).replace(/=+$/, '')}.sig`;

const memoryStore = (initial?: string): TokenStore & { value?: string } => {
  const store = {
    value: initial,
    read: () => store.value,
    write: (token: string) => {
      store.value = token;
    },
    clear: () => {
      store.value = undefined;
    },
  };
  return store;
};

/**
 * A fake web API behind fetch: gettoken hands out fakeJwt(1), fakeJwt(2), ...; other calls
 * answer 200 when `accepts(token)` and 401 otherwise. Every call is recorded.
 */
function fakeApi(accepts: (token: string) => boolean, delayFor: (token: string) => number = () => 0) {
  let issued = 0;
  const calls: Array<{ url: string; token?: string }> = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const token = (init.headers as Record<string, string>)['x-auth']?.replace('Bearer ', '');
      calls.push({ url, token });
      if (url.startsWith('/web-api/user/gettoken')) {
        issued += 1;
        return json({ token: fakeJwt(issued) });
      }
      await new Promise((resolve) => setTimeout(resolve, delayFor(token ?? '')));
      return token && accepts(token) ? json({ ok: true }) : json({ message: 'token expired' }, 401);
    }),
  );
  return {
    calls,
    tokenFetches: () => calls.filter((call) => call.url.startsWith('/web-api/user/gettoken')).length,
    apiCalls: () => calls.filter((call) => !call.url.startsWith('/web-api/user/gettoken')),
  };
}

const managerWith = (store: TokenStore) => createTokenManager({ fetchToken: fetchSessionToken, store });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('100 concurrent calls that get 401 share exactly one token fetch and each is retried once', async () => {
  const stale = fakeJwt(0);
  const api = fakeApi((token) => token !== stale);
  const tokens = managerWith(memoryStore(stale));
  const results = await Promise.all(
    Array.from({ length: 100 }, () => apiRequest('/user/balance', schema, { method: 'POST', tokens })),
  );
  expect(results.every((result) => result.ok)).toBe(true);
  expect(api.tokenFetches()).toBe(1);
  expect(api.apiCalls()).toHaveLength(200);
  expect(api.apiCalls().filter((call) => call.token === stale)).toHaveLength(100);
  expect(api.apiCalls().filter((call) => call.token === fakeJwt(1))).toHaveLength(100);
});

test('a 401 that repeats surfaces as an interceptor error after two retries instead of looping', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const api = fakeApi(() => false);
  const error = await apiRequest('/user/balance', schema, { tokens: managerWith(memoryStore()) }).catch((e) => e);
  expect(error).toBeInstanceOf(StatusError);
  expect(error).toMatchObject({ statusCode: 401, interceptorError: true, message: 'token expired' });
  expect(api.apiCalls()).toHaveLength(1 + MAX_TOKEN_RETRIES);
  expect(api.tokenFetches()).toBe(1 + MAX_TOKEN_RETRIES);
});

test('a late 401 of a call made with an older token never discards the newer token', async () => {
  // Token 1 is rejected; the call made with it answers late, after token 2 is in place.
  const api = fakeApi(
    (token) => token !== fakeJwt(1),
    (token) => (token === fakeJwt(1) ? 50 : 0),
  );
  const store = memoryStore();
  const tokens = managerWith(store);
  const slow = apiRequest('/user/balance', schema, { tokens });
  await new Promise((resolve) => setTimeout(resolve, 10));
  // Meanwhile someone else learned that token 1 is bad and fetched token 2.
  tokens.invalidate(fakeJwt(1));
  await expect(apiRequest('/user/balance', schema, { tokens })).resolves.toEqual({ ok: true });
  expect(store.value).toBe(fakeJwt(2));
  await expect(slow).resolves.toEqual({ ok: true });
  expect(store.value).toBe(fakeJwt(2));
  expect(api.tokenFetches()).toBe(2);
});

test('a token without exp, or expiring within the leeway, is refreshed before the call', async () => {
  for (const bad of ['not-a-jwt', `h.${btoa('{"sub":"x"}')}.s`, fakeJwt(9, Math.floor(Date.now() / 1000) + 10)]) {
    const api = fakeApi(() => true);
    await apiRequest('/user/balance', schema, { tokens: managerWith(memoryStore(bad)) });
    expect(api.tokenFetches()).toBe(1);
    expect(api.apiCalls()[0]?.token).toBe(fakeJwt(1));
    vi.unstubAllGlobals();
  }
});

test('one token fetch is shared for 60 s, then a new one is made', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const api = fakeApi(() => true);
  // A store that keeps nothing (cookies blocked, say): only the shared fetch avoids refetching.
  const tokens = createTokenManager({
    fetchToken: fetchSessionToken,
    store: { read: () => undefined, write: () => {}, clear: () => {} },
  });
  await tokens.acquire();
  vi.advanceTimersByTime(59_000);
  await tokens.acquire();
  expect(api.tokenFetches()).toBe(1);
  vi.advanceTimersByTime(2_000);
  await tokens.acquire();
  expect(api.tokenFetches()).toBe(2);
  vi.useRealTimers();
});

test('a failed token fetch is logged, fails the call, and is not shared with the next call', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  let fail = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.startsWith('/web-api/user/gettoken') && fail
        ? new Response('{"message":"down"}', { status: 503 })
        : new Response(JSON.stringify(url.includes('gettoken') ? { token: fakeJwt(5) } : { ok: true })),
    ),
  );
  const tokens = managerWith(memoryStore());
  await expect(apiRequest('/user/balance', schema, { tokens })).rejects.toMatchObject({ statusCode: 503 });
  expect(logged).toHaveBeenCalledWith('Token fetch failure:', expect.any(StatusError));
  fail = false;
  await expect(apiRequest('/user/balance', schema, { tokens })).resolves.toEqual({ ok: true });
});

test('after the current token fails, a token fetched earlier is not brought back', async () => {
  // Token 1 was fetched; then something else put a token in the cookie, and the server rejects both.
  const api = fakeApi((token) => token === fakeJwt(2));
  const store = memoryStore();
  const tokens = managerWith(store);
  await tokens.acquire();
  store.value = fakeJwt(99);
  await expect(apiRequest('/user/balance', schema, { tokens })).resolves.toEqual({ ok: true });
  expect(api.apiCalls().map((call) => call.token)).toEqual([fakeJwt(99), fakeJwt(2)]);
});
