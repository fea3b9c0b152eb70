import type { z } from 'zod/mini';
import { StatusError } from '../lib/errors.ts';

/**
 * The frame's one HTTP entry point. Issue 4 adds the token lifecycle; every caller already goes
 * through here so that change lands in one place.
 */
export async function getJson<S extends z.ZodMiniType>(
  url: string,
  schema: S,
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    credentials: 'same-origin',
    signal,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message =
      typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
        ? body.message
        : `${response.status} ${response.statusText}`;
    throw new StatusError(message, response.status);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new StatusError(`Unexpected response from ${url}: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 502);
  }
  return parsed.data;
}
