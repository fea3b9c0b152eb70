/**
 * An error the app's error handler answers with its status, its machine-readable code (the
 * answer's `error`) and its message.
 */
export function httpError(
  statusCode: number,
  message: string,
  code?: string,
): Error & { statusCode: number; code?: string } {
  return Object.assign(new Error(message), { statusCode }, code ? { code } : {});
}
