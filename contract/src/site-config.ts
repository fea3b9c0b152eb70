import { z } from 'zod/mini';
import { DICTIONARY_UNITS } from './site-config-request.ts';

/** One entry of the config's language list. */
export const languageSchema = z.object({
  id: z.int(),
  title: z.string().check(z.minLength(1)),
  code: z.string().check(z.regex(/^[a-z]{2}$/)),
});
export type Language = z.infer<typeof languageSchema>;

export const projectConfigSchema = z.object({
  refId: z.int(),
  projectId: z.int(),
  captchaType: z.string(),
  minimumAge: z.int(),
  nonMultiAccountsSections: z.array(z.string()),
  manualCountryCode: z.nullable(z.string()),
  isCaptchaAllowed: z.boolean(),
  isHideLogoDe: z.boolean(),
  officeNavMenuCasinoKey: z.string(),
  officeNavMenuBonusesKey: z.string(),
});

export const currencySchema = z.object({
  id: z.int(),
  code: z.string().check(z.minLength(3), z.maxLength(5)),
  symbol: z.string(),
  name: z.string(),
  hide: z.boolean(),
  /** Conversion rate to the base currency (coef_convert on the wire of the original site). */
  baseRate: z.number().check(z.positive()),
  minSumBet: z.number().check(z.nonnegative()),
  isCrypto: z.boolean(),
});
export type Currency = z.infer<typeof currencySchema>;

/** A stylesheet of the CMS, served from the frame's own origin. */
const operatorStylesheet = z.string().check(z.regex(/^\/genfiles\/cms\/[\w./-]+\.css$/));

export const uiStyleSchema = z.object({
  /** Theme used when the host does not choose one. */
  defaultTheme: z.enum(['dark', 'light']),
  /** CSS custom properties per theme, applied to :root by the frame. */
  themes: z.object({
    dark: z.record(z.string().check(z.startsWith('--')), z.string()),
    light: z.record(z.string().check(z.startsWith('--')), z.string()),
  }),
  /**
   * The error page's ball sprite when it is not the project's own (error-ball.svg in the frame
   * build's sprites directory); the bundled one is the fallback of either.
   */
  errorSpriteUrl: z.nullable(z.string()),
  /**
   * The project's stylesheets (spec 5): its colour scheme and its CSS variables, loaded over the
   * frame's own styles. Files of the CMS on the frame's origin (the CSP allows no other style
   * source). A missing one is logged and the page keeps its default styles (decision 033).
   */
  colorSchemeUrl: z.optional(z.nullable(operatorStylesheet)),
  cssVariablesUrl: z.optional(z.nullable(operatorStylesheet)),
});
export type UiStyle = z.infer<typeof uiStyleSchema>;

export const contactsSchema = z.object({
  supportEmail: z.string(),
  supportStartedAt: z.string(),
  supportEndedAt: z.string(),
  consultantColors: z.array(z.string()),
  consultantIdByLanguage: z.record(z.string(), z.string()),
});

export const globalConfigSchema = z.object({
  useCdn: z.boolean(),
  mainCdnUrl: z.string(),
  copyrightHolder: z.string(),
  copyrightSinceYear: z.int(),
  informationTagsToPage: z.array(
    z.object({
      menu_key: z.string(),
      tag: z.string(),
      icon: z.string(),
      prop_link: z.string(),
      dict_key: z.string(),
    }),
  ),
  requiredFieldByDocType: z.array(z.object({ doc_type: z.string(), fields: z.array(z.string()) })),
});

export const promoConfigSchema = z.object({
  promo_modal_config: z.array(z.object({ modal_name: z.string() })),
  navigation_promo_banner_data: z.array(z.object({ prop_name: z.string(), value: z.string() })),
});

/** Spec "iframe" config part: which host pages the frame talks to. */
export const iframeConfigSchema = z.object({
  /** Exact origins of host pages; the frame posts only to these and accepts messages only from them. */
  allowedHostOrigins: z.array(z.string().check(z.regex(/^https?:\/\/[^/\s]+$/))),
});

/**
 * The dictionary: keys to texts. Checked in one loop, not as a record schema, which runs each of
 * its ~1,000 keys and texts through the schema machinery (8 ms of the frame's start-up on the test
 * machine, four times that on a phone, Lighthouse's TBT). A `__proto__` entry is dropped, never
 * read or turned into a prototype, as the record schema did.
 */
export const dictionarySchema = z.pipe(
  z.custom<Record<string, unknown>>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.entries(value).every(([key, text]) => key === '__proto__' || typeof text === 'string'),
    { error: 'the dictionary maps keys to texts (strings)' },
  ),
  z.transform((value) => {
    const dictionary: Record<string, string> = {};
    for (const [key, text] of Object.entries(value)) if (key !== '__proto__') dictionary[key] = text as string;
    return dictionary;
  }),
);

/** Response of GET /promo-frame/bff-api/config/all.json?lang= */
export const siteConfigSchema = z.object({
  /** Language of `dictionary`: the requested one, or the main language when it is not available. */
  lang: z.string().check(z.regex(/^[a-z]{2}$/)),
  uiStyle: uiStyleSchema,
  languages: z.array(languageSchema).check(z.minLength(1)),
  mainLanguage: z.object({ id: z.int(), locale: z.string().check(z.regex(/^[a-z]{2}$/)) }),
  dictionary: dictionarySchema,
  config: projectConfigSchema,
  currency: currencySchema,
  country: z.object({ id: z.int(), code: z.string() }),
  contacts: contactsSchema,
  globalConfig: globalConfigSchema,
  promoConfig: promoConfigSchema,
  iframe: iframeConfigSchema,
  /**
   * The dictionary's extra block (spec 5): the project's own texts for this language, over the
   * dictionary's. Carried as sent: the frame checks it (a missing, null, array or empty block is
   * logged, never fatal; decision 033).
   */
  dictionaryExtra: z.optional(z.unknown()),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/**
 * Response of GET /promo-frame/bff-api/dictionary/{unit}.json?lang= : one unit of one language's
 * dictionary (`lang` as in the config: the requested language, or the main language).
 */
export const dictionaryUnitSchema = z.object({
  lang: z.string().check(z.regex(/^[a-z]{2}$/)),
  unit: z.enum(DICTIONARY_UNITS),
  dictionary: dictionarySchema,
});
export type DictionaryUnitAnswer = z.infer<typeof dictionaryUnitSchema>;

/** Error body every API endpoint of the reference server returns. */
export const apiErrorSchema = z.object({
  statusCode: z.int(),
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
