/** window.localStorage, or undefined where the browser blocks it (sandboxed or cookie-less frames). */
export function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
