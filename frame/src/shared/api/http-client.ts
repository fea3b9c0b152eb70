import type { z } from 'zod/mini';
import { StatusError } from '../lib/errors.ts';

/** A request that has not answered by then is abandoned (the user gets a retry instead of a spinner). */
export const REQUEST_TIMEOUT_MS = 10_000;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

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

/**
 * The frame's one HTTP entry point: JSON GET, validated against a schema. Failures become a
 * StatusError: 503 network failure, 504 time-out, the server's status, 502 for a body that is not
 * the promised shape. Issue 4 adds the token lifecycle here.
 */
export async function getJson<S extends z.ZodMiniType>(
  url: string,
  schema: S,
  signal?: AbortSignal,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<z.infer<S>> {
  const deadline = withTimeout(signal, timeoutMs);
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, {
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      credentials: 'same-origin',
      signal: deadline.signal,
    });
    body = await response.json().catch(() => undefined);
  } catch (error) {
    if (deadline.timedOut()) throw new StatusError(`Request timed out: ${url}`, 504);
    if (signal?.aborted) throw error;
    throw new StatusError(`Network error: ${url}`, 503);
  } finally {
    deadline.dispose();
  }
  if (!response.ok) {
    const message = isRecord(body) && typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
    throw new StatusError(message, response.status);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new StatusError(`Unexpected response from ${url}: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 502);
  }
  return parsed.data;
}
