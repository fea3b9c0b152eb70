import { HOST_PREF_COOKIES, type SiteConfigUpdate, siteConfigUpdateSchema } from '@promo/contract';

/** What the host-preference cookies say, each field only when its cookie is present and valid. */
export interface HostPrefs {
  update: SiteConfigUpdate;
  /** Referral group id of the visitor's landing link; null without a valid cookie. */
  refGroupId: number | null;
}

const integer = (raw: string | undefined): number | undefined =>
  raw !== undefined && /^-?\d+$/.test(raw.trim()) ? Number(raw) : undefined;

const decimal = (raw: string | undefined): number | undefined =>
  raw !== undefined && /^[+-]?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : undefined;

const VIEW_TYPES: Record<string, boolean> = { mobile: true, desktop: false };

/**
 * Reads the spec 3 cookies the host site writes. Each value goes through the same schema as a
 * host's updateSiteConfig message; a cookie that does not parse is ignored, never half-applied.
 * The language cookie is left to the root middleware, which resolves the language with the route.
 */
export function readHostPrefs(read: (name: string) => string | undefined): HostPrefs {
  const is12h = read(HOST_PREF_COOKIES.is12h);
  const candidate: Record<string, unknown> = {
    theme: read(HOST_PREF_COOKIES.theme),
    isForceMobile: VIEW_TYPES[read(HOST_PREF_COOKIES.viewType) ?? ''],
    coefView: integer(read(HOST_PREF_COOKIES.coefView)),
    timeZone: decimal(read(HOST_PREF_COOKIES.timeZone)),
    is12h: is12h === '1' ? 1 : is12h === '0' ? 0 : undefined,
    userId: integer(read(HOST_PREF_COOKIES.userId)),
  };
  const update: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(candidate)) {
    if (value === undefined) continue;
    if (siteConfigUpdateSchema.safeParse({ [key]: value }).success) update[key] = value;
  }
  const refGroupId = integer(read(HOST_PREF_COOKIES.refGroupId));
  return {
    update: update as SiteConfigUpdate,
    refGroupId: refGroupId !== undefined && refGroupId > 0 ? refGroupId : null,
  };
}
