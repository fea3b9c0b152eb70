import type { FastifyRequest } from 'fastify';

/**
 * An error the app's error handler answers with its status, its machine-readable code (the
 * answer's `error`) and its message, read in the request's language from the `api_error_<code>`
 * dictionary key with `params` filled in ({{name}}); `message` is the English detail.
 */
export function httpError(
  statusCode: number,
  message: string,
  code?: string,
  params?: Readonly<Record<string, string | number>>,
): Error & { statusCode: number; code?: string; params?: Readonly<Record<string, string | number>> } {
  return Object.assign(new Error(message), { statusCode }, code ? { code } : {}, params ? { params } : {});
}

type Details = Readonly<Record<string, unknown>>;
/** Details worded when the answer is sent: in its language, from the request they answer. */
type DetailsOf = (language: string, request: FastifyRequest) => Details;

/**
 * An error whose answer carries more than its code and message, for a client to act on: a form's
 * problems by field (`issues`), the newer version a save lost to, the content check's problems.
 * Details with sentences in them are a function of the answer's language (and the request), called
 * when it is sent.
 */
export function withDetails<E extends Error>(error: E, details: Details | DetailsOf): E {
  return Object.assign(error, { details });
}

/** The details an error carries for its answer to `request` (withDetails) in the answer's language, if any. */
export const detailsOf = (error: unknown, language: string, request: FastifyRequest): Details => {
  const details = (error as { details?: Details | DetailsOf }).details;
  return typeof details === 'function' ? details(language, request) : (details ?? {});
};
