import {
  API_BASES,
  AUTH_ENDPOINTS,
  type EndpointMethod,
  endpointPath,
  IDEMPOTENCY_KEY_HEADER,
  type PathParams,
  serverRoute,
  type Endpoint as TableEndpoint,
  WEB_API_BASE,
} from '@promo/contract';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { z } from 'zod/mini';
import { apiUrl } from '../src/shared/api/index.ts';

/**
 * MSW handlers made from the contract: an endpoint is a contract path, its method and the schema
 * of its answer. Every answer a handler gives is parsed by that schema first, so a test (or the
 * offline dev server) cannot answer with a shape the real server never sends; a money call without
 * an Idempotency-Key is refused with the server's 400, as the server would.
 */
export interface Endpoint<S extends z.ZodMiniType = z.ZodMiniType> {
  method: EndpointMethod;
  /** The contract's path (a table entry's, API_PATHS.balance …), as the frame passes it to its HTTP client. */
  path: string;
  response: S;
  /** A money call: the server needs an Idempotency-Key. */
  idempotent?: boolean;
}

export const endpoint = <S extends z.ZodMiniType>(
  method: Endpoint['method'],
  path: string,
  response: S,
  options: { idempotent?: boolean } = {},
): Endpoint<S> => ({ method, path, response, ...options });

/**
 * An endpoint of the table (contract/src/endpoints.ts) as a handler's endpoint: its path with its
 * `:name` params (any value matches), or filled with `params` for one resource; under its base
 * when that is not the web API's (the frame's back end: the config, its parts, the dictionaries).
 */
export function tableEndpoint<Path extends string, E extends TableEndpoint<Path>>(
  entry: E & { path: Path },
  params?: PathParams<Path>,
): Endpoint<E['answer']> {
  const filled = params ? endpointPath(entry, params) : entry.path;
  const path = entry.base === WEB_API_BASE ? filled : serverRoute({ base: entry.base, path: filled });
  return { method: entry.method, path, response: entry.answer, ...(entry.idempotent ? { idempotent: true } : {}) };
}

/** One request a handler saw: what a test asserts about double clicks and keys. */
export interface SeenRequest {
  method: string;
  path: string;
  /** The values of the path's `:name` segments, and of the query, by name. */
  params: Record<string, string>;
  query: Record<string, string>;
  idempotencyKey: string | null;
  body: unknown;
}

/**
 * Where a contract path is requested: a path under an API base of the table (the frame's own back
 * end: the site config and its parts) as it is, anything else under the web API as the frame's
 * client sends it; without the query, which MSW does not match on.
 */
export function endpointUrl(path: string): string {
  const bare = path.split('?')[0] ?? '';
  return API_BASES.some((base) => bare.startsWith(`${base}/`)) ? bare : apiUrl(bare);
}

/** Every request the handlers answered, oldest first; cleared between tests. */
export const seenRequests: SeenRequest[] = [];

/** The requests to one endpoint. */
export const requestsTo = (target: Endpoint): SeenRequest[] =>
  seenRequests.filter((seen) => seen.method === target.method && seen.path === endpointUrl(target.path));

/** The server's error answer: a status, a machine-readable code and a message (server/src/http-error.ts). */
const errorBody = (statusCode: number, error: string, message: string) => ({ statusCode, error, message });

type Outcome<S extends z.ZodMiniType> =
  | { kind: 'answer'; body: z.input<S> }
  | { kind: 'refuse'; status: number; code: string; message: string; headers?: Record<string, string> }
  | { kind: 'network-error' };

function handler<S extends z.ZodMiniType>(target: Endpoint<S>, outcome: Outcome<S>, delayMs = 0): HttpHandler {
  const url = endpointUrl(target.path);
  // A fixture that breaks the contract fails where it is written, not inside the component.
  const answer = outcome.kind === 'answer' ? z.parse(target.response, outcome.body) : undefined;
  const route = target.method === 'GET' ? http.get : http.post;
  return route(url, async ({ request, params }) => {
    const text = target.method === 'POST' ? await request.text() : '';
    const idempotencyKey = request.headers.get(IDEMPOTENCY_KEY_HEADER);
    seenRequests.push({
      method: target.method,
      path: url,
      params: Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)])),
      query: Object.fromEntries(new URL(request.url).searchParams),
      idempotencyKey,
      body: text ? JSON.parse(text) : undefined,
    });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (target.idempotent && !idempotencyKey) {
      return HttpResponse.json(errorBody(400, 'idempotency_key_required', 'An Idempotency-Key header is required'), {
        status: 400,
      });
    }
    if (outcome.kind === 'network-error') return HttpResponse.error();
    if (outcome.kind === 'refuse') {
      return HttpResponse.json(errorBody(outcome.status, outcome.code, outcome.message), {
        status: outcome.status,
        headers: outcome.headers,
      });
    }
    return HttpResponse.json(answer as object);
  });
}

/** The endpoint answers `body` (parsed by its schema); `delayMs` keeps the request open that long. */
export const answer = <S extends z.ZodMiniType>(target: Endpoint<S>, body: z.input<S>, delayMs = 0): HttpHandler =>
  handler(target, { kind: 'answer', body }, delayMs);

/**
 * The server refuses: an error status with its code and message, as the real server words it, and
 * any headers it adds (a 429's Retry-After).
 */
export const refuse = (
  target: Endpoint,
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
): HttpHandler => handler(target, { kind: 'refuse', status, code, message, headers });

/** The request never reaches a server (fetch rejects: offline, DNS, reset). */
export const failNetwork = (target: Endpoint): HttpHandler => handler(target, { kind: 'network-error' });

/** A session token the frame accepts: a JWT whose exp is an hour away (the frame reads only exp). */
export function sessionToken(userId: number): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: String(userId), exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;
}

export const ENDPOINTS = {
  token: tableEndpoint(AUTH_ENDPOINTS.getToken),
} as const;

/** What every signed-in page needs: the session token. */
export const sessionHandlers = (userId: number): HttpHandler[] => [
  answer(ENDPOINTS.token, { token: sessionToken(userId) }),
];
