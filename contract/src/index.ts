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
export { isLanguageCode, isRtlLanguage, LANGUAGE_CODE_PATTERN, RTL_LANGUAGES } from './languages.ts';
export {
  type ApiError,
  apiErrorSchema,
  type Currency,
  currencySchema,
  iframeConfigSchema,
  type Language,
  languageSchema,
  type SiteConfig,
  siteConfigSchema,
  type TokenResponse,
  tokenResponseSchema,
  type UiStyle,
  uiStyleSchema,
} from './site-config.ts';
