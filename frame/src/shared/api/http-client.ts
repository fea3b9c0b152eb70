import { type EndpointMethod, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, webApiUrl } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { isRecord, jsonApiMessage, StatusError } from '../lib/errors.ts';

/** A request that has not answered by then is abandoned (the user gets a retry instead of a spinner). */
export const REQUEST_TIMEOUT_MS = 10_000;

/** Spec 7 paths to URLs under the web API base (the contract's webApiUrl). */
export const apiUrl = webApiUrl;

export interface SendOptions {
  method?: EndpointMethod;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Lets a request outlive the page (analytics on pagehide). */
  keepalive?: boolean;
  /**
   * The query client of the render the call is for (a query function's `client`): a server render
   * bound its own transport to it. None, or a client nothing was bound to: the browser's fetch.
   */
  client?: QueryClient;
}

export interface RawResponse {
  status: number;
  ok: boolean;
  body: unknown;
  /** The answer's entity tag, when it has one. */
  etag?: string | null;
  /** The answer's Retry-After (seconds or an HTTP date), when it has one. */
  retryAfter?: string | null;
}

/**
 * Aborts when the caller aborts or when `timeoutMs` passes. A plain timer (not AbortSignal.timeout)
 * so that older webviews have it and tests can drive it with a fake clock.
 */
function withTimeout(signal: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** How one server render's API calls travel: to the server's own routes, in process. */
export interface ApiTransport {
  fetch: typeof fetch;
  /** The Accept-Language of the render's calls (error messages in the page's language). */
  language: () => string;
}

/** Each server render's transport, under the render's own query client (issue 41: no module state). */
const transports = new WeakMap<QueryClient, ApiTransport>();
let browserTransportForbidden = false;

/** Sends the calls made for `client` (its queries, its loaders) through `transport`. */
export const bindApiTransport = (client: QueryClient, transport: ApiTransport): void => {
  transports.set(client, transport);
};

/**
 * On the server, a call that names no render's client would go to the browser's fetch, i.e.
 * nowhere: it fails loudly instead (set once by the server entry).
 */
export const forbidBrowserTransport = (): void => {
  browserTransportForbidden = true;
};

/** The page's language, for the Accept-Language of API calls. */
const pageLanguage = (): string => (typeof document === 'undefined' ? '' : document.documentElement.lang) || 'en';

/** Throws on the server, where the browser's own state (its fetch, its session token) does not exist. */
export function assertInBrowser(what: string): void {
  if (browserTransportForbidden) throw new Error(`${what} outside a request scope (issue 41)`);
}

function transportOf(client: QueryClient | undefined): ApiTransport {
  const bound = client && transports.get(client);
  if (bound) return bound;
  assertInBrowser('An API call');
  return { fetch: (...args) => fetch(...args), language: pageLanguage };
}

/**
 * The frame's one call to `fetch`: spec headers, JSON body, time-out. Transport failures become a
 * StatusError (503 network failure, 504 time-out); any HTTP status is returned as it is.
 */
export async function send(url: string, options: SendOptions = {}): Promise<RawResponse> {
  const { method = 'GET', body, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const transport = transportOf(options.client);
  const deadline = withTimeout(signal, timeoutMs);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // Error messages come back in the page's language.
    'Accept-Language': transport.language(),
    [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
    ...options.headers,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await transport.fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: deadline.signal,
      keepalive: options.keepalive,
    });
    const parsed: unknown = await response.json().catch(() => undefined);
    return {
      status: response.status,
      ok: response.ok,
      body: parsed,
      etag: response.headers?.get('etag'),
      retryAfter: response.headers?.get('retry-after'),
    };
  } catch (error) {
    if (deadline.timedOut()) throw new StatusError(`Request timed out: ${url}`, 504);
    if (signal?.aborted) throw error;
    throw new StatusError(`Network error: ${url}`, 503);
  } finally {
    deadline.dispose();
  }
}

/** Seconds until a Retry-After (delta seconds or an HTTP date) has passed; undefined when it names none. */
function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The error for a non-2xx answer: the JSON-API error list joined, else the server's message; with
 * the server's code (the answer's `error`) and its Retry-After.
 */
export function responseError(url: string, response: RawResponse, options?: { interceptorError?: boolean }) {
  const body = response.body;
  const message =
    (isRecord(body)
      ? (jsonApiMessage(body.errors) ?? (typeof body.message === 'string' ? body.message : undefined))
      : undefined) ?? `HTTP ${response.status} from ${url}`;
  const code = isRecord(body) && typeof body.error === 'string' ? body.error : undefined;
  return new StatusError(message, response.status, {
    ...options,
    code,
    retryAfterSeconds: retryAfterSeconds(response.retryAfter),
  });
}

/** Validates a 2xx body against the contract; a body of another shape is a 502. */
export function parseResponse<S extends z.ZodMiniType>(url: string, response: RawResponse, schema: S): z.infer<S> {
  if (!response.ok) throw responseError(url, response);
  const parsed = schema.safeParse(response.body);
  if (!parsed.success) {
    throw new StatusError(`Unexpected response from ${url}: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 502);
  }
  return parsed.data;
}

/** JSON GET of a public URL (no session token), validated against a schema. */
export async function getJson<S extends z.ZodMiniType>(
  url: string,
  schema: S,
  options: Pick<SendOptions, 'signal' | 'timeoutMs' | 'client'> = {},
): Promise<z.infer<S>> {
  return parseResponse(url, await send(url, options), schema);
}
