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
