/** Last title told to the host: showing the same words again sends nothing. */
let lastSent = '';

/**
 * Spec 7 "change title": sets document.title to "{page} | {site}" (or either alone) and tells the
 * host, which shows it in its own tab or app bar. The bridge is no first-paint code, and messages
 * sent before the host connection wait for its init.
 */
export function showDocumentTitle(page: string, site: string): void {
  const title = page && site && page !== site ? `${page} | ${site}` : page || site;
  if (!title) return;
  document.title = title;
  if (title === lastSent) return;
  lastSent = title;
  import('../host-bridge/index.ts')
    .then(({ hostBridge }) => hostBridge.send('changeTitle', { title }))
    .catch(() => undefined);
}
