export { isLanguageCode, isRtlLanguage, LANGUAGE_CODE_PATTERN, RTL_LANGUAGES } from './languages.ts';
export {
  type ApiError,
  apiErrorSchema,
  type Currency,
  currencySchema,
  type Language,
  languageSchema,
  type SiteConfig,
  siteConfigSchema,
  type TokenResponse,
  tokenResponseSchema,
  type UiStyle,
  uiStyleSchema,
} from './site-config.ts';
