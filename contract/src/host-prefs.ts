/**
 * Spec 3 "Stored keys": cookies the host site writes for its own pages and the frame reads on start
 * (the frame shares the host's cookie domain in production). Names are the host site's.
 */
export const HOST_PREF_COOKIES = {
  theme: 'app_theme',
  /** "mobile" forces the mobile layout (spec 3 isForceMobile); "desktop" or absent does not. */
  viewType: 'view_type',
  /** Coefficient format id, see ODDS_FORMATS. */
  coefView: 'coef_view',
  /** Hours east of UTC; absent means the spec's default 3. */
  timeZone: 'tzo',
  /** "1" for 12-hour clock times. */
  is12h: 'is12h',
  userId: 'user_id',
  language: 'language',
  /** Referral group id of the visitor's landing link (promo route metadata groupRefId). */
  refGroupId: 'ref_group_id',
} as const;

/** Coefficient (odds) formats by the id the host sends as coefView and keeps in coef_view. */
export const ODDS_FORMATS = ['decimal', 'fractional', 'american', 'hongkong', 'indonesian', 'malaysian'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];
