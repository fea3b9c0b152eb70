import {
  API_PATHS,
  AUTH_HEADER,
  type Endpoint,
  type EndpointAnswer,
  endpointPath,
  type PathParams,
  tokenResponseSchema,
} from '@promo/contract';
import type { z } from 'zod/mini';
import { StatusError } from '../lib/errors.ts';
import { apiUrl, assertInBrowser, parseResponse, responseError, type SendOptions, send } from './http-client.ts';
import { createCookieTokenStore, isTokenValid } from './session-token.ts';
import { createTokenManager, type TokenManager } from './token-manager.ts';

/** Spec 4/9: a 401 is retried at most twice, each time with a freshly fetched token. */
export const MAX_TOKEN_RETRIES = 2;

/** GET gettoken; a token without a usable exp is as bad as none. */
export async function fetchSessionToken(): Promise<string> {
  const { token } = await publicRequest(`${API_PATHS.getToken}?force_refresh=true`, tokenResponseSchema);
  if (!isTokenValid(token)) throw new StatusError('gettoken returned a token without a valid exp', 502);
  return token;
}

let defaultManager: TokenManager | undefined;
/** The page's one token manager, made on first use (pages that call no API never load it). */
export const sessionTokens = (): TokenManager => {
  // A server render is a visitor's: it has no session token of its own to keep.
  assertInBrowser('The session token');
  defaultManager ??= createTokenManager({ fetchToken: fetchSessionToken, store: createCookieTokenStore() });
  return defaultManager;
};

export interface ApiRequestOptions extends SendOptions {
  /** Token manager to use; the page's own by default (tests pass their own). */
  tokens?: TokenManager;
}

/**
 * An authenticated call: bearer token in x-auth, refreshed before the call when missing or invalid.
 * A 401 drops that token and repeats the call with a new one, at most twice; the error of a call
 * whose retries failed too is marked as an interceptor error so that nothing retries it again.
 */
export async function apiRequest<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.infer<S>> {
  const { tokens = sessionTokens(), ...sendOptions } = options;
  const url = apiUrl(path);
  for (let retry = 0; ; retry += 1) {
    const token = await tokens.acquire();
    const response = await send(url, {
      ...sendOptions,
      headers: { ...sendOptions.headers, [AUTH_HEADER]: `Bearer ${token}` },
    });
    if (response.status !== 401) return parseResponse(url, response, schema);
    tokens.invalidate(token);
    if (retry === MAX_TOKEN_RETRIES) throw responseError(url, response, { interceptorError: true });
  }
}

/** A call that needs no session token (sign-ins, public lists): same headers, errors and checks. */
export async function publicRequest<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options: SendOptions = {},
): Promise<z.infer<S>> {
  const url = apiUrl(path);
  return parseResponse(url, await send(url, options), schema);
}

/** A call visitors may make too: a signed-in player's goes with the token (the answer is theirs). */
export function requestAs<S extends z.ZodMiniType>(
  userId: number | null,
  path: string,
  schema: S,
  options: SendOptions = {},
): Promise<z.infer<S>> {
  return userId === null ? publicRequest(path, schema, options) : apiRequest(path, schema, options);
}

/** What a call to an endpoint of the table sends besides its path: the path's params, a body, headers. */
export interface EndpointCall<Path extends string> extends Omit<ApiRequestOptions, 'method' | 'body'> {
  params: PathParams<Path>;
  /** The query's values, in this order (an undefined one is left out). */
  query?: Readonly<Record<string, string | number | undefined>>;
  body?: unknown;
}

/** A query string of values (`?a=1&b=x`, each encoded), empty when there is none. */
const queryString = (query: Readonly<Record<string, string | number | undefined>> = {}): string => {
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    value === undefined ? [] : [`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`],
  );
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
};

/**
 * A call to an endpoint of the table (contract/src/endpoints.ts): its method and path from the
 * table, its answer read by the table's schema. A visitor's call (`userId` null) goes without a
 * session when the endpoint allows visitors.
 */
export function callEndpoint<Path extends string, E extends Endpoint<Path>>(
  entry: E & { path: Path },
  call: EndpointCall<Path>,
  userId?: number | null,
): Promise<EndpointAnswer<E>> {
  const { params, query, body, ...options } = call;
  const path = `${endpointPath(entry, params)}${queryString(query)}`;
  const init = { ...options, method: entry.method, ...(body === undefined ? {} : { body }) };
  return userId === null && entry.access !== 'player'
    ? publicRequest(path, entry.answer, init)
    : apiRequest(path, entry.answer, init);
}
