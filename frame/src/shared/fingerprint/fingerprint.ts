import { fetchConfigPart } from '../api/config-part.ts';
import { safeLocalStorage } from '../lib/browser/safe-storage.ts';
import { isRecord } from '../lib/errors.ts';

/** Spec 9: after this many failures in a row the fingerprint is not fetched unless forced. */
export const FINGERPRINT_MAX_FAILURES = 2;
const STORAGE_KEY = 'promo-frame:fingerprint';

/** Spec 3 "Fingerprint state". */
export interface FingerprintState {
  token: string;
  componentsData: Record<string, string | number | boolean>;
  /** Unix milliseconds. */
  expiresAt: number;
}

/** What the external script puts on window. */
interface FingerprintScript {
  collect(): Promise<unknown>;
}

export interface FingerprintDeps {
  /** The script's external app path (spec 7): the site config's thirdparty.fingerprintAppPath. */
  scriptPath(): Promise<string>;
  /** Loads the script at `src` and returns what it exposes; undefined when it exposes nothing. */
  loadScript(src: string): Promise<FingerprintScript | undefined>;
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  now?: () => number;
}

function isComplete(value: unknown): value is FingerprintState {
  return (
    isRecord(value) &&
    typeof value.token === 'string' &&
    value.token.length > 0 &&
    typeof value.expiresAt === 'number' &&
    isRecord(value.componentsData)
  );
}

export interface FingerprintService {
  /**
   * The fingerprint: the kept one while its token is set and not expired, else a fresh one.
   * After FINGERPRINT_MAX_FAILURES failures in a row it answers null without trying, unless forced.
   */
  get(options?: { force?: boolean }): Promise<FingerprintState | null>;
}

export function createFingerprintService({
  scriptPath,
  loadScript,
  storage,
  now = Date.now,
}: FingerprintDeps): FingerprintService {
  let failures = 0;
  let pending: Promise<FingerprintState | null> | null = null;

  const read = (): FingerprintState | null => {
    try {
      const value: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
      return isComplete(value) ? value : null;
    } catch {
      return null;
    }
  };
  const fail = (message: string, detail?: unknown): null => {
    failures += 1;
    console.warn(message, detail ?? '');
    return null;
  };

  const fetchFresh = async (): Promise<FingerprintState | null> => {
    let src: string;
    try {
      src = await scriptPath();
    } catch (error) {
      return fail('Fingerprint script missing: the thirdparty config part names no app path:', error);
    }
    let script: FingerprintScript | undefined;
    try {
      script = await loadScript(src);
    } catch (error) {
      return fail('Fingerprint script missing:', error);
    }
    if (!script) return fail('Fingerprint script missing: it loaded but exposes no collect()');
    let result: unknown;
    try {
      result = await script.collect();
    } catch (error) {
      return fail('Fingerprint incomplete:', error);
    }
    if (!isComplete(result)) return fail('Fingerprint incomplete: token, componentsData or expiresAt missing');
    failures = 0;
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(result));
    } catch {
      // Storage full or blocked: the fingerprint is kept for this page only.
    }
    return result;
  };

  return {
    get({ force = false } = {}) {
      const kept = read();
      if (kept && kept.expiresAt > now()) return Promise.resolve(kept);
      if (!force && failures >= FINGERPRINT_MAX_FAILURES) return Promise.resolve(null);
      pending ??= fetchFresh().finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}

/** Adds the script tag once and resolves with window.PromoFingerprint. */
export function loadFingerprintScript(src: string): Promise<FingerprintScript | undefined> {
  const read = () => (window as Window & { PromoFingerprint?: FingerprintScript }).PromoFingerprint;
  const present = read();
  if (present) return Promise.resolve(present);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve(read());
    script.onerror = () => {
      script.remove();
      reject(new Error(`could not load ${src}`));
    };
    document.head.append(script);
  });
}

/**
 * The thirdparty config part's fingerprint app path, asked once a page: the part is the same for
 * every visitor. A failed ask is not kept, so the next fingerprint fetch (forced after two
 * failures) asks again.
 */
function configuredScriptPath(): () => Promise<string> {
  let path: Promise<string> | undefined;
  return () => {
    path ??= fetchConfigPart('thirdparty').then(
      (part) => part.fingerprintAppPath,
      (error: unknown) => {
        path = undefined;
        throw error;
      },
    );
    return path;
  };
}

/** A fingerprint service as the page has it: the script from the config's path, kept in localStorage. */
export const createPageFingerprintService = (): FingerprintService =>
  createFingerprintService({
    scriptPath: configuredScriptPath(),
    loadScript: loadFingerprintScript,
    storage: safeLocalStorage(),
  });

let defaultService: FingerprintService | undefined;
/** The page's fingerprint service. */
export const fingerprint = (): FingerprintService => {
  defaultService ??= createPageFingerprintService();
  return defaultService;
};
