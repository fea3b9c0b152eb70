import { z } from 'zod/mini';
import { credentialsSaveSchema } from './analytics.ts';
import { endpointPath } from './endpoints.ts';
import { BFF_API_BASE } from './http.ts';
import { CONFIG_PATHS } from './site-config-request.ts';

/**
 * Spec 3 "other parts" of the site config that all.json does not carry: each is served on its own
 * (GET config/part/{name}.json, CONFIG_ENDPOINTS.configPart) and loaded by the frame only where a page shows it.
 */
const hhmm = () => z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));
const hostPath = () => z.string().check(z.regex(/^\/(?!\/)[^\s\\]*$/));
const dictKey = () => z.string().check(z.regex(/^[a-z0-9_]+$/));
const link = z.object({ dict_key: dictKey(), path: hostPath() });
/**
 * The fingerprint script's external app path (spec 7): a same-origin .js file under /fingerprint/,
 * no query, no segment starting with a dot (so no `..`), never another origin: the frame's CSP
 * (script-src 'self') allows nothing else (decision 034).
 */
const fingerprintAppPath = () => z.string().check(z.regex(/^\/fingerprint\/(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.js$/));

export const CONFIG_PART_SCHEMAS = {
  global: z.object({ useCdn: z.boolean(), mainCdnUrl: z.string(), defaultSourceId: z.int(), unit: z.string() }),
  betting: z.object({ minStake: z.string(), maxStake: z.string(), acceptOddsChange: z.enum(['never', 'up', 'any']) }),
  support: z.object({
    /** Hours of the live consultant, UTC clock times; shown in the player's zone and clock. */
    startedAt: hhmm(),
    endedAt: hhmm(),
    email: z.string(),
    consultant: z.object({ colors: z.array(z.string()), idByLanguage: z.record(z.string(), z.string()) }),
  }),
  coupon: z.object({ maxEvents: z.int(), quickStakes: z.array(z.string()) }),
  cyber: z.object({ sportIds: z.array(z.int()), livePath: hostPath() }),
  application: z.object({ androidUrl: z.string(), iosUrl: z.string(), minAndroidVersion: z.string() }),
  modules: z.record(z.enum(['lotto', 'wheel', 'tournaments', 'promoStore', 'bringfriend', 'toto']), z.boolean()),
  toto: z.object({ enabled: z.boolean(), minStake: z.string() }),
  footer: z.object({ groups: z.array(z.object({ dict_key: dictKey(), links: z.array(link) })) }),
  header: z.object({ logoUrl: z.string(), menu: z.array(link) }),
  auth: z.object({
    auth_types: z.array(z.enum(['fast_reg', 'phone_reg', 'full_reg', 'soc_reg', 'short_reg'])),
    socials: z.array(z.string()),
  }),
  office: z.object({
    required_field_by_doc_type: z.array(z.object({ doc_type: z.string(), fields: z.array(z.string()) })),
  }),
  thirdparty: z.object({ tournamentsEnabled: z.boolean(), fingerprintAppPath: fingerprintAppPath() }),
  bringfriend: z.object({ enabled: z.boolean(), rewardPercent: z.int(), maxFriends: z.int(), path: hostPath() }),
  registration: z.object({
    defaultType: z.enum(['fast_reg', 'phone_reg', 'full_reg', 'soc_reg', 'short_reg']),
    firstBonusChoices: z.array(z.union([z.literal(0), z.literal(1), z.literal(2)])),
    promocodeAllowed: z.boolean(),
    /** How a one-click registration keeps the login and password it makes up (spec 3 credentials-save option). */
    credentialsSave: credentialsSaveSchema,
  }),
  globalEvent: z.object({ active: z.boolean(), slug: z.nullable(z.string()), endsAt: z.nullable(z.int()) }),
  bannerWidgets: z.array(z.object({ slot: z.string(), promotion: z.string() })),
  customize: z.object({ roundedCorners: z.boolean(), compactCards: z.boolean() }),
  captcha: z.object({ type: z.enum(['none', 'recaptcha', 'hcaptcha']), siteKey: z.string() }),
  responsible: z.object({
    minimumAge: z.int().check(z.gte(18)),
    /** Dictionary key of the notice; {{age}} is filled in. */
    dict_key: dictKey(),
    helpUrl: z.string().check(z.regex(/^https:\/\//)),
    limitsPath: hostPath(),
  }),
  licence: z.object({
    number: z.string().check(z.minLength(1)),
    issuer: z.string().check(z.minLength(1)),
    validationUrl: z.string().check(z.regex(/^https:\/\//)),
  }),
  information: z.object({
    tags_to_page: z.array(
      z.object({ menu_key: z.string(), tag: z.string(), icon: z.string(), prop_link: hostPath(), dict_key: dictKey() }),
    ),
  }),
  promo: z.object({
    promo_modal_config: z.array(z.object({ modal_name: z.string() })),
    navigation_promo_banner_data: z.array(z.object({ prop_name: z.string(), value: z.string() })),
  }),
} as const;

export type ConfigPartName = keyof typeof CONFIG_PART_SCHEMAS;
export type ConfigPart<N extends ConfigPartName> = z.infer<(typeof CONFIG_PART_SCHEMAS)[N]>;
export const CONFIG_PART_NAMES = Object.keys(CONFIG_PART_SCHEMAS) as ConfigPartName[];
export const isConfigPartName = (name: unknown): name is ConfigPartName =>
  typeof name === 'string' && Object.hasOwn(CONFIG_PART_SCHEMAS, name);

/** A part's request URL (GET CONFIG_ENDPOINTS.configPart). */
export const configPartUrl = (name: ConfigPartName): string =>
  `${BFF_API_BASE}${endpointPath({ path: CONFIG_PATHS.configPart }, { file: `${name}.json` })}`;
