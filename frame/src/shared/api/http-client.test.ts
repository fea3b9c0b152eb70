import { afterEach, expect, test, vi } from 'vitest';
import { z } from 'zod/mini';
import { apiUrl, getJson, send } from './http-client.ts';

const schema = z.object({ ok: z.boolean() });
const reply = (body: string, status = 200) =>
  vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));

/** A fetch that answers only by failing when its signal aborts. */
const hangingFetch = () =>
  vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

test('returns the validated body and sends the spec headers', async () => {
  const fetchMock = reply('{"ok":true}');
  vi.stubGlobal('fetch', fetchMock);
  await expect(getJson('/x', schema)).resolves.toEqual({ ok: true });
  const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
  expect(init.headers).toMatchObject({ 'x-requested-with': 'XMLHttpRequest' });
});

test.each([
  ['a server error keeps its status and message', reply('{"message":"down"}', 503), 503, 'down'],
  ['a 500 without a body', reply('', 500), 500, 'HTTP 500'],
  ['a non-JSON 200 is a bad gateway', reply('<html>oops</html>'), 502, 'Unexpected response'],
  ['a malformed shape is a bad gateway', reply('{"ok":"yes"}'), 502, 'Unexpected response'],
  [
    'a dropped connection is a network error',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
    503,
    'Network error',
  ],
])('%s', async (_name, fetchMock, statusCode, message) => {
  vi.stubGlobal('fetch', fetchMock);
  const error = await getJson('/x', schema).catch((e: unknown) => e);
  expect(error).toMatchObject({ statusCode });
  expect(String((error as Error).message)).toContain(message);
});

test('a request that never answers times out with 504', async () => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', hangingFetch());
  const pending = getJson('/x', schema, { timeoutMs: 1000 }).catch((e: unknown) => e);
  await vi.advanceTimersByTimeAsync(1000);
  expect(await pending).toMatchObject({ statusCode: 504 });
});

test('a caller abort is passed through as an abort, not turned into an error page', async () => {
  vi.stubGlobal('fetch', hangingFetch());
  const controller = new AbortController();
  const pending = getJson('/x', schema, { signal: controller.signal }).catch((e: unknown) => e);
  controller.abort();
  expect(await pending).toMatchObject({ name: 'AbortError' });
});

test('spec paths map to the web API base and the default /api/v3 prefix', () => {
  expect(apiUrl('/user/gettoken')).toBe('/web-api/user/gettoken');
  expect(apiUrl('/external-api/fastLogin')).toBe('/web-api/external-api/fastLogin');
  expect(apiUrl('promotions/welcome-bonus')).toBe('/web-api/api/v3/promotions/welcome-bonus');
});

test('a JSON-API error list becomes one message with the details joined', async () => {
  const body = { errors: [{ detail: 'Amount too low' }, { title: 'Currency closed' }, { code: 7 }] };
  vi.stubGlobal('fetch', reply(JSON.stringify(body), 422));
  await expect(getJson('/x', schema)).rejects.toMatchObject({
    statusCode: 422,
    message: 'Amount too low; Currency closed',
  });
});

test('a POST sends its body as JSON with the spec headers', async () => {
  const fetchMock = reply('{"ok":true}');
  vi.stubGlobal('fetch', fetchMock);
  await send('/web-api/user/setactiveaccount', { method: 'POST', body: { id: 4 } });
  const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
  expect(init).toMatchObject({ method: 'POST', body: '{"id":4}', credentials: 'same-origin' });
  expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'x-requested-with': 'XMLHttpRequest' });
});

test.each([
  ['delta seconds', '45', 45],
  ['an HTTP date', 'Wed, 21 Oct 2026 07:29:30 GMT', 90],
  ['a date already past', 'Wed, 21 Oct 2026 07:27:00 GMT', 0],
  ['nothing readable', 'soon', undefined],
])("a refusal keeps the server's code and its Retry-After given as %s", async (_name, header, seconds) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-10-21T07:28:00Z'));
  const body = { statusCode: 429, error: 'too_many_sign_ins', message: 'Wait' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 429, headers: { 'retry-after': header } })),
  );
  const error = await getJson('/x', schema).catch((e: unknown) => e);
  expect(error).toMatchObject({ statusCode: 429, code: 'too_many_sign_ins', retryAfterSeconds: seconds });
});

test('a refusal without a code or a Retry-After has neither', async () => {
  vi.stubGlobal('fetch', reply('{"message":"down"}', 503));
  const error = await getJson('/x', schema).catch((e: unknown) => e);
  expect(error).toMatchObject({ statusCode: 503, code: undefined, retryAfterSeconds: undefined });
});
