export {
  ANALYTICS_EVENT,
  ANALYTICS_SOURCE_ID,
  type AnalyticsBatch,
  type AnalyticsEvent,
  type AnalyticsEventName,
  analyticsBatchSchema,
  analyticsEventSchema,
  FIRST_BONUS_CHOICES,
  type FirstBonusChoice,
  MAX_ANALYTICS_BATCH,
  REGISTRATION_TYPES,
  type RegistrationType,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from './analytics.ts';
export {
  HOST_MESSAGE,
  HOST_MESSAGE_PAYLOADS,
  type HostMessage,
  type HostMessagePayload,
  type HostMessageType,
  hostMessage,
  PROTOCOL_VERSION,
  parseHostMessage,
  type SiteConfigUpdate,
  siteConfigUpdateSchema,
} from './host-messages.ts';
export { API_V3_PREFIX_PATH, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, WEB_API_BASE } from './http.ts';
export { isLanguageCode, isRtlLanguage, LANGUAGE_CODE_PATTERN, RTL_LANGUAGES } from './languages.ts';
export { type PromoPrize, type Promotion, promoPrizeSchema, promotionSchema } from './promotions/payload.ts';
export {
  PROMO_REGISTRY,
  PROMO_TEMPLATES,
  type PromoEntry,
  type PromoOptions,
  type PromoTemplate,
  promoLabelKey,
} from './promotions/registry.ts';
export { isExpired, isTimeLimited, promoSlugOfId, type ResolvedPromo, resolvePromo } from './promotions/resolve.ts';
