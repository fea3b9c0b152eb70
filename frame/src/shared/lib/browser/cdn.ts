/** Spec 9: the CDN probe gives up after 1 s. */
export const CDN_PROBE_TIMEOUT_MS = 1000;

const probes = new Map<string, Promise<boolean>>();

/**
 * Whether the CDN answers: its version.json within a second, once per CDN URL. A failed or slow
 * probe means the assets come from the frame's own origin.
 */
export function probeCdn(mainCdnUrl: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  const base = mainCdnUrl.replace(/\/+$/, '');
  let probe = probes.get(base);
  if (!probe) {
    probe = fetcher(`${base}/version.json`, { signal: AbortSignal.timeout(CDN_PROBE_TIMEOUT_MS), cache: 'no-store' })
      .then((response) => response.ok)
      .catch(() => false);
    probes.set(base, probe);
  }
  return probe;
}

/** A CMS asset path (/genfiles/...) on the CDN when it is used, else unchanged. */
export const cdnUrl = (path: string, cdnBase: string | null): string =>
  cdnBase && path.startsWith('/genfiles/') ? `${cdnBase.replace(/\/+$/, '')}${path}` : path;

/** Forgets the probes (tests). */
export const resetCdnProbes = (): void => probes.clear();
