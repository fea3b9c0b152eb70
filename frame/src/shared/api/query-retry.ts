import { StatusError } from '../lib/errors.ts';

/** Query retries after the first failure (server errors and dropped connections only). */
export const QUERY_RETRIES = 2;

/**
 * The query cache's retry rule: never again after the token interceptor gave up, never for a
 * client error (asking again gives the same answer), otherwise up to QUERY_RETRIES times.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (error instanceof StatusError)
    return !error.interceptorError && (error.statusCode >= 500 || error.statusCode === 408);
  return true;
}
