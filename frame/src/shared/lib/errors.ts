import { isRouteErrorResponse } from 'react-router';

/** An error with the HTTP-like status it should be shown with. */
export interface NormalizedError {
  message: string;
  statusCode: number;
}

/** An error that carries its own status code (API failures, guards). */
export class StatusError extends Error {
  /**
   * Set when the token interceptor already retried the call (spec 4): the query cache must not
   * retry it again.
   */
  readonly interceptorError: boolean;
  /** The server's machine-readable reason (its answer's `error`), for a refusal the caller words itself. */
  readonly code: string | undefined;
  /** How long the server asks to wait before trying again (its Retry-After), in seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    message: string,
    readonly statusCode: number,
    options: { interceptorError?: boolean; code?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'StatusError';
    this.interceptorError = options.interceptorError ?? false;
    this.code = options.code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

const JSON_API_DELIMITER = '; ';

/** A non-null object whose keys may be read. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const validStatus = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599 ? value : undefined;

/** Joins the details (or titles) of a JSON-API `errors` list; undefined when there is none. */
export function jsonApiMessage(errors: unknown): string | undefined {
  if (!Array.isArray(errors)) return undefined;
  const parts = errors
    .map((item) => (isRecord(item) ? (item.detail ?? item.title) : undefined))
    .filter((text): text is string => typeof text === 'string' && text.length > 0);
  return parts.length > 0 ? parts.join(JSON_API_DELIMITER) : undefined;
}

/**
 * Spec 8: any thrown value becomes message + status code
 * (statusCode, status, or response.status, else 500).
 */
export function normalizeError(error: unknown): NormalizedError {
  if (isRouteErrorResponse(error)) {
    const fromData =
      typeof error.data === 'string' ? error.data : isRecord(error.data) ? error.data.message : undefined;
    return {
      statusCode: error.status,
      message: typeof fromData === 'string' && fromData ? fromData : error.statusText,
    };
  }
  if (!isRecord(error)) {
    return { statusCode: 500, message: typeof error === 'string' ? error : 'Unknown error' };
  }
  const response = isRecord(error.response) ? error.response : undefined;
  const statusCode = validStatus(error.statusCode) ?? validStatus(error.status) ?? validStatus(response?.status) ?? 500;
  const message =
    jsonApiMessage(error.errors) ??
    jsonApiMessage(isRecord(response?.data) ? response.data.errors : undefined) ??
    (typeof error.message === 'string' && error.message ? error.message : 'Unknown error');
  return { statusCode, message };
}

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading chunk [\w-]+ failed/i,
];

/** True for a failed load of a lazy route chunk (a deploy replaced the files, or the network dropped). */
export function isChunkLoadError(error: unknown): boolean {
  if (!isRecord(error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}
