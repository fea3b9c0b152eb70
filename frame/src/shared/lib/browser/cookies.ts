/**
 * Reads one cookie from `header` (a server render's request's), else from the page; undefined when
 * absent or when cookies are blocked.
 */
export function readCookie(name: string, header?: string): string | undefined {
  try {
    const prefix = `${encodeURIComponent(name)}=`;
    const cookies = header ?? (typeof document === 'undefined' ? '' : document.cookie);
    const item = cookies.split(/;\s*/).find((part) => part.startsWith(prefix));
    return item === undefined ? undefined : decodeURIComponent(item.slice(prefix.length));
  } catch {
    return undefined;
  }
}

/**
 * Writes a cookie for the whole site for `maxAgeSeconds`; blocked cookies are ignored. On a page
 * served over https it is Secure: the session token is never sent over plain http.
 */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  try {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older app webviews
    document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax${secure}`;
  } catch {
    // Cookies blocked (sandboxed frame): the value simply is not remembered.
  }
}

/** Deletes a cookie written by writeCookie. */
export function deleteCookie(name: string): void {
  writeCookie(name, '', 0);
}
