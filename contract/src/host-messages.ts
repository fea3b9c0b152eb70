import { z } from 'zod/mini';
import { analyticsScalarSchema, credentialsSaveSchema, MAX_ANALYTICS_BATCH } from './analytics.ts';

/** Version of the host protocol; a host or frame ignores envelopes of another major version. */
export const PROTOCOL_VERSION = 1;

/** Every message type of spec section 7, as sent on the wire. */
export const HOST_MESSAGE = {
  init: 'init',
  updateFrameHeight: 'updateFrameHeight',
  scrollToTop: 'scrollToTop',
  scrollToBottom: 'scrollToBottom',
  authorization: 'authorization',
  registration: 'registration',
  changeRoute: 'changeRoute',
  updateSiteConfig: 'updateSiteConfig',
  openHome: 'openHome',
  topUp: 'topUp',
  office: 'office',
  betting: 'betting',
  information: 'information',
  bonus: 'bonus',
  allGamesEntrance: 'allGamesEntrance',
  promotion: 'promotion',
  slots: 'slots',
  casino: 'casino',
  fastGames: 'fastGames',
  promoStore: 'promoStore',
  teamLineLive: 'teamLineLive',
  live: 'live',
  pageNotFound: 'pageNotFound',
  notification: 'notification',
  popstateRouteChange: 'popstateRouteChange',
  showContent: 'showContent',
  hideContent: 'hideContent',
  goBack: 'goBack',
  disableScroll: 'disableScroll',
  changeTitle: 'changeTitle',
  openBuyCryptoWidget: 'openBuyCryptoWidget',
  openLinkInBrowser: 'openLinkInBrowser',
  checkAuth: 'checkAuth',
  betOnOwn: 'betOnOwn',
  /**
   * Protocol addition (not in spec 7; frame to host, since protocol 1): analytics events for the
   * host's tag manager, each ready for `window.dataLayer.push(entry)` (docs/analytics.md).
   */
  dataLayerPush: 'dataLayerPush',
} as const;

export type HostMessageType = (typeof HOST_MESSAGE)[keyof typeof HOST_MESSAGE];

/** Longest string any payload field may carry; hosts must not be made to store megabytes. */
const MAX_TEXT = 2048;
const text = () => z.string().check(z.maxLength(MAX_TEXT));
/** A host-site path: starts with one slash, no scheme, no protocol-relative `//`. */
const sitePath = () => z.string().check(z.maxLength(MAX_TEXT), z.regex(/^\/(?!\/)[^\s\\]*$/));
const empty = z.object({});
/** Every host navigation carries the path built by the frame's path builders. */
const navigation = z.object({ path: sitePath() });

/** Spec 3 "Site config update message". Every field optional: a host sends what changed. */
export const siteConfigUpdateSchema = z.object({
  userId: z.optional(z.nullable(z.int().check(z.positive()))),
  timeZone: z.optional(z.number().check(z.gte(-12), z.lte(14))),
  is12h: z.optional(z.union([z.literal(0), z.literal(1)])),
  userCountryCode: z.optional(z.nullable(z.string().check(z.regex(/^[a-zA-Z]{2}$/)))),
  userCountryId: z.optional(z.nullable(z.int().check(z.nonnegative()))),
  currentLanguage: z.optional(z.string().check(z.regex(/^[a-z]{2}$/))),
  isRtl: z.optional(z.boolean()),
  coefView: z.optional(z.int().check(z.nonnegative(), z.lte(20))),
  theme: z.optional(z.enum(['default', 'dark', 'light'])),
  isForceMobile: z.optional(z.boolean()),
  geoCurrencyCode: z.optional(z.string().check(z.regex(/^[A-Za-z]{3,5}$/))),
});
export type SiteConfigUpdate = z.infer<typeof siteConfigUpdateSchema>;

/** Spec 3 project types: the site version a frame build is made for. */
export const PROJECT_TYPES = ['Desktop'] as const;

/** Payload schema of each message type. */
export const HOST_MESSAGE_PAYLOADS = {
  init: z.object({
    protocol: z.literal(PROTOCOL_VERSION),
    frameVersion: text(),
    path: sitePath(),
    // Spec 3 build-time variables of the frame's build (decision 032).
    projectId: z.int().check(z.positive()),
    projectType: z.enum(PROJECT_TYPES),
    /** The UI library's version: React's, exact (declared pinned in frame/package.json). */
    uiVersion: text(),
    /** Where the project's sprites are served (a path on the frame's server). */
    spritesDir: sitePath(),
  }),
  updateFrameHeight: z.object({ height: z.int().check(z.nonnegative(), z.lte(1_000_000)) }),
  scrollToTop: empty,
  scrollToBottom: empty,
  authorization: empty,
  registration: z.object({
    bonusChoice: z.optional(z.union([z.literal(0), z.literal(1), z.literal(2)])),
    /** A one-click registration: how the host offers to keep the login and password it makes up. */
    credentialsSave: z.optional(credentialsSaveSchema),
  }),
  changeRoute: z.object({ path: sitePath(), isChangeDomain: z.boolean() }),
  updateSiteConfig: siteConfigUpdateSchema,
  openHome: navigation,
  topUp: navigation,
  office: navigation,
  betting: navigation,
  information: navigation,
  bonus: z.object({ path: sitePath(), category: z.optional(text()) }),
  allGamesEntrance: navigation,
  promotion: navigation,
  slots: navigation,
  casino: navigation,
  fastGames: z.object({ path: sitePath(), game: z.optional(text()), productid: z.optional(text()) }),
  promoStore: navigation,
  teamLineLive: z.object({ path: sitePath(), oppId: z.int().check(z.positive()) }),
  live: navigation,
  pageNotFound: z.object({ path: sitePath() }),
  notification: z.object({ kind: z.enum(['pending', 'win', 'loss', 'info']), text: text() }),
  popstateRouteChange: z.object({ path: sitePath() }),
  showContent: empty,
  hideContent: empty,
  goBack: empty,
  disableScroll: z.object({ disabled: z.boolean() }),
  changeTitle: z.object({ title: text() }),
  openBuyCryptoWidget: empty,
  openLinkInBrowser: z.object({ url: z.url({ protocol: /^https?$/ }) }),
  checkAuth: empty,
  betOnOwn: z.object({ path: sitePath(), section: text() }),
  dataLayerPush: z.object({
    entries: z
      // Flat entries that name their event; the rest are the scalars the collector takes.
      .array(z.catchall(z.object({ event: z.string().check(z.minLength(1), z.maxLength(64)) }), analyticsScalarSchema))
      .check(z.minLength(1), z.maxLength(MAX_ANALYTICS_BATCH)),
  }),
} satisfies Record<HostMessageType, z.ZodMiniType>;

export type HostMessagePayload<T extends HostMessageType> = z.infer<(typeof HOST_MESSAGE_PAYLOADS)[T]>;

/** The envelope every message travels in: `{ type, data, v }`. */
export interface HostMessage<T extends HostMessageType = HostMessageType> {
  type: T;
  data: HostMessagePayload<T>;
  v: typeof PROTOCOL_VERSION;
}

const envelopeSchema = z.object({
  type: z.string().check(z.maxLength(64)),
  data: z.unknown(),
  v: z.literal(PROTOCOL_VERSION),
});
const KNOWN_TYPES = new Set<string>(Object.values(HOST_MESSAGE));

/** Builds an envelope. */
export const hostMessage = <T extends HostMessageType>(type: T, data: HostMessagePayload<T>): HostMessage<T> => ({
  type,
  data,
  v: PROTOCOL_VERSION,
});

/**
 * Validates anything that arrived through postMessage or a native bridge. Returns the typed message,
 * or null for anything else (foreign envelope, unknown type, bad payload): never throws.
 */
export function parseHostMessage(raw: unknown, allowed?: ReadonlySet<HostMessageType>): HostMessage | null {
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success || !KNOWN_TYPES.has(envelope.data.type)) return null;
  const type = envelope.data.type as HostMessageType;
  if (allowed && !allowed.has(type)) return null;
  const payload = HOST_MESSAGE_PAYLOADS[type].safeParse(envelope.data.data ?? {});
  return payload.success ? ({ type, data: payload.data, v: PROTOCOL_VERSION } as HostMessage) : null;
}

/**
 * Host-to-frame messages beyond the 34 of spec section 7, in the same `{ type, data, v }` envelope
 * and protocol version: the type is additive, so a frame built before it drops it as unknown.
 */
export const HOST_TO_FRAME_MESSAGE = { frameViewport: 'frameViewport' } as const;

/** Largest iframe coordinate accepted: the same bound as a reported height. */
const MAX_FRAME_PX = 1_000_000;
const framePx = () => z.int().check(z.nonnegative(), z.lte(MAX_FRAME_PX));

/**
 * The band of the iframe the player can see now, in the iframe's CSS pixels: `top` is how far the
 * band starts below the iframe's top edge, `height` how tall it is (0 when the iframe is off screen).
 */
export const frameViewportSchema = z.object({ top: framePx(), height: framePx() });
export type FrameViewport = z.infer<typeof frameViewportSchema>;

/** The envelope of a frameViewport message, as the host SDK posts it. */
export const frameViewportMessage = (data: FrameViewport) => ({
  type: HOST_TO_FRAME_MESSAGE.frameViewport,
  data,
  v: PROTOCOL_VERSION,
});

/** The band of a valid frameViewport envelope, or null for anything else: never throws. */
export function parseFrameViewport(raw: unknown): FrameViewport | null {
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success || envelope.data.type !== HOST_TO_FRAME_MESSAGE.frameViewport) return null;
  const band = frameViewportSchema.safeParse(envelope.data.data);
  return band.success ? band.data : null;
}
