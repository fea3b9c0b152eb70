import {
  type Endpoint,
  type EndpointAnswer,
  endpointPath,
  type PathParams,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  serverRoute,
} from '@promo/contract';
import { z } from 'zod/mini';

/**
 * The console's one way to call the operator API: the URL from the endpoint table (never a path
 * written here), the session cookie (same origin), the console's language for the server's
 * messages, the CSRF header on every write, and the answer checked against the entry's schema.
 */

/** A refusal: the server's status, its machine-readable code and message, and the whole body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: Record<string, unknown>;

  constructor(status: number, code: string, message: string, body: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** The error code of a failure the console shows the same way whatever the call. */
export const NETWORK_ERROR = 'network';
export const BAD_ANSWER = 'bad_answer';

export const isApiError = (error: unknown, status?: number, code?: string): error is ApiError =>
  error instanceof ApiError &&
  (status === undefined || error.status === status) &&
  (code === undefined || error.code === code);

/** The language the server writes its messages in (Accept-Language); the i18n module sets it. */
let language = 'en';
export const setApiLanguage = (code: string): void => {
  language = code;
};

type QueryValue = string | number | undefined | null;

export interface CallOptions<E extends Endpoint> {
  params?: PathParams<E['path']>;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

/** Where an entry is, with its params and query: a same-origin absolute URL. */
export function endpointUrl<E extends Endpoint>(
  entry: E,
  params?: PathParams<E['path']>,
  query?: Readonly<Record<string, QueryValue>>,
): string {
  const filled = endpointPath(entry, (params ?? {}) as PathParams<E['path']>);
  const url = new URL(serverRoute({ base: entry.base, path: filled }), document.baseURI);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }
  return url.href;
}

const errorBodySchema = z.looseObject({ statusCode: z.optional(z.number()), error: z.string(), message: z.string() });

export async function call<E extends Endpoint>(entry: E, options: CallOptions<E> = {}): Promise<EndpointAnswer<E>> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language };
  if (entry.method !== 'GET') headers[REQUESTED_WITH_HEADER] = REQUESTED_WITH_VALUE;
  // A file's bytes go as they are (an upload); anything else as JSON.
  const bytes = ArrayBuffer.isView(options.body);
  if (options.body !== undefined) headers['content-type'] = bytes ? 'application/octet-stream' : 'application/json';
  Object.assign(headers, options.headers);
  let response: Response;
  try {
    response = await fetch(endpointUrl(entry, options.params, options.query), {
      method: entry.method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      body:
        options.body === undefined
          ? null
          : bytes
            ? (options.body as Uint8Array<ArrayBuffer>)
            : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, error instanceof Error ? error.message : String(error));
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const parsed = z.safeParse(errorBodySchema, json);
    if (parsed.success) throw new ApiError(response.status, parsed.data.error, parsed.data.message, parsed.data);
    throw new ApiError(response.status, `http_${response.status}`, response.statusText || `HTTP ${response.status}`);
  }
  const answer = z.safeParse(entry.answer, json);
  if (!answer.success) {
    throw new ApiError(response.status, BAD_ANSWER, `Unexpected answer from ${entry.method} ${entry.path}`);
  }
  return answer.data as EndpointAnswer<E>;
}
