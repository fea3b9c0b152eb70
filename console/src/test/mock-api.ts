import { type Endpoint, serverRoute } from '@promo/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { z } from 'zod/mini';

/**
 * The operator API in the unit tests: MSW handlers made from the endpoint table (its method, its
 * route with `:params`), answers checked against the entry's schema first (a fixture cannot take a
 * shape the server never sends), and every request kept for the test to read.
 */

export const mockServer = setupServer();

export interface SeenRequest {
  entry: Endpoint;
  method: string;
  url: URL;
  params: Record<string, string>;
  headers: Headers;
  body: unknown;
}

/** Every request a handler answered, oldest first; cleared between tests. */
export const seenRequests: SeenRequest[] = [];

/** Starts MSW for a test file; a request no handler takes fails the test. */
export function startMockApi(): void {
  beforeAll(() => mockServer.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    mockServer.resetHandlers();
    seenRequests.length = 0;
  });
  afterAll(() => mockServer.close());
}

export const requestsTo = (entry: Endpoint): SeenRequest[] => seenRequests.filter((seen) => seen.entry === entry);

const routeUrl = (entry: Endpoint) => new URL(serverRoute(entry), document.baseURI).href;

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

type Reply = { status: number; body: unknown } | Response;

/** A handler that answers with what `reply` makes of the request (the request is recorded). */
export function handle(entry: Endpoint, reply: (seen: SeenRequest) => Reply | Promise<Reply>) {
  return METHODS[entry.method](routeUrl(entry), async ({ request, params }) => {
    const text = entry.method === 'GET' ? '' : await request.text();
    const seen: SeenRequest = {
      entry,
      method: request.method,
      url: new URL(request.url),
      params: Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)])),
      headers: request.headers,
      // An upload's bytes are kept as their text; every other body is JSON.
      body:
        text && request.headers.get('content-type') !== 'application/octet-stream'
          ? JSON.parse(text)
          : text || undefined,
    };
    seenRequests.push(seen);
    const out = await reply(seen);
    return out instanceof Response ? out : HttpResponse.json(out.body as object, { status: out.status });
  });
}

/** The entry's success, its body checked by the entry's answer schema. */
export function answer<E extends Endpoint>(
  entry: E,
  body: z.input<E['answer']> | ((seen: SeenRequest) => z.input<E['answer']>),
) {
  return handle(entry, (seen) => {
    const value = typeof body === 'function' ? (body as (seen: SeenRequest) => unknown)(seen) : body;
    return { status: entry.status ?? 200, body: z.parse(entry.answer, value) };
  });
}

/** The server's refusal: `{ statusCode, error, message }` and whatever else the refusal carries. */
export const refusal = (status: number, error: string, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { statusCode: status, error, message, ...extra },
});

export function refuse(
  entry: Endpoint,
  status: number,
  error: string,
  message: string,
  extra?: Record<string, unknown>,
) {
  return handle(entry, () => refusal(status, error, message, extra));
}
