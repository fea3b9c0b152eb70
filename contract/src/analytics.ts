import { z } from 'zod/mini';
import { unixMsSchema } from './bounds.ts';

/** Spec 3 enumerations used by registration and bonus analytics. */
export const REGISTRATION_TYPES = ['fast_reg', 'phone_reg', 'full_reg', 'soc_reg', 'short_reg'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];
/** First-bonus choices: 0 decline, 1 sport, 2 casino. */
export const FIRST_BONUS_CHOICES = [0, 1, 2] as const;
export type FirstBonusChoice = (typeof FIRST_BONUS_CHOICES)[number];
/**
 * Credentials-save options: how a one-click registration keeps the login and password it makes up
 * for the player (0 a file, 1 a picture, 2 an e-mail).
 */
export const CREDENTIALS_SAVE = { file: 0, picture: 1, email: 2 } as const;
export const CREDENTIALS_SAVE_OPTIONS = [
  CREDENTIALS_SAVE.file,
  CREDENTIALS_SAVE.picture,
  CREDENTIALS_SAVE.email,
] as const;
export type CredentialsSave = (typeof CREDENTIALS_SAVE_OPTIONS)[number];
export const credentialsSaveSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const SOCIAL_NETWORKS = [
  'google',
  'vk',
  'ok',
  'fb',
  'mailru',
  'yandex',
  'telegram',
  'kakaotalk',
  'twitter',
  'itsme',
  'twitch',
  'metamask',
  'line',
  'linkedin',
  'apple',
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Default analytics source id (spec 9). */
export const ANALYTICS_SOURCE_ID = 55;

/** Names of the events the frame sends. */
export const ANALYTICS_EVENT = {
  registrationTry: 'registration_try',
  registrationLeave: 'registration_leave',
  authPopup: 'auth_popup',
  pageNotFound: 'page_not_found',
  /**
   * Spec 2: the error page offers the bonus rules (its bonus link) as it shows (payload: the error
   * page's path and status, the host path offered); the host page opens only when the player follows
   * the link (decision 027).
   */
  bonusRulesOffered: 'bonus_rules_offered',
  analyticsError: 'analytics_error',
  /** A page of the frame was shown (payload: path, title). */
  pageView: 'page_view',
  /** Spec 4 modal queue: a promo popup opened or closed (payload: modal name). */
  modalOpen: 'modal_open',
  modalClose: 'modal_close',
} as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT)[keyof typeof ANALYTICS_EVENT];

/** A flat property value: what the collector, the tag service and the host's dataLayer all take. */
export const analyticsScalarSchema = z.union([z.string().check(z.maxLength(500)), z.number(), z.boolean(), z.null()]);

export const analyticsEventSchema = z.object({
  name: z.enum(Object.values(ANALYTICS_EVENT) as [AnalyticsEventName, ...AnalyticsEventName[]]),
  /** Unix milliseconds on the device. */
  occurredAt: unixMsSchema(),
  source: z.int().check(z.gte(0), z.lt(2 ** 31)),
  /** Flat properties only: the collector stores them as they are. */
  payload: z.record(z.string().check(z.maxLength(64)), analyticsScalarSchema),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const MAX_ANALYTICS_BATCH = 50;
export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).check(z.minLength(1), z.maxLength(MAX_ANALYTICS_BATCH)),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
