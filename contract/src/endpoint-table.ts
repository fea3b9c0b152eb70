import { ART_ENDPOINTS } from './art.ts';
import { CMS_ENDPOINTS } from './cms.ts';
import { CONFIG_ENDPOINTS } from './config-endpoints.ts';
import { CONSOLE_ENDPOINTS } from './console.ts';
import { CMS_PREVIEW_ENDPOINTS, CONSOLE_CMS_ENDPOINTS } from './console-cms.ts';
import { type Endpoint, serverRoute } from './endpoints.ts';
import { FEED_HEALTH_ENDPOINTS } from './feed-health.ts';
import { LOTTO_ENDPOINTS } from './lotto/api.ts';
import { BONUS_ENDPOINTS } from './promotions/bonuses.ts';
import { PROMO_CREDIT_ENDPOINTS } from './promotions/credits.ts';
import { OPERATOR_API_BASE, OPERATOR_ENDPOINTS } from './promotions/feed.ts';
import { HUNT_ENDPOINTS } from './promotions/hunt.ts';
import { LUCKY_DAY_ENDPOINTS } from './promotions/lucky-day.ts';
import { PROMOTION_ENDPOINTS } from './promotions/payload.ts';
import { TOURNAMENT_ENDPOINTS } from './promotions/tournament.ts';
import { WHEEL_ENDPOINTS } from './promotions/wheel.ts';
import { ANALYTICS_ENDPOINTS, AUTH_ENDPOINTS, COUNTER_ENDPOINTS, USER_ENDPOINTS } from './session-endpoints.ts';
import { SUPPORT_ENDPOINTS } from './support.ts';

/**
 * The whole endpoint table, by part: every route the server's API has (it refuses to start when
 * one is registered by hand or one of these has no handler), what the offline mode's list and the
 * API documents are made from. A new part is added here.
 */
export const ENDPOINT_TABLE = {
  config: CONFIG_ENDPOINTS,
  auth: AUTH_ENDPOINTS,
  user: USER_ENDPOINTS,
  counters: COUNTER_ENDPOINTS,
  analytics: ANALYTICS_ENDPOINTS,
  promotions: PROMOTION_ENDPOINTS,
  cms: CMS_ENDPOINTS,
  wheel: WHEEL_ENDPOINTS,
  bonuses: BONUS_ENDPOINTS,
  tournaments: TOURNAMENT_ENDPOINTS,
  luckyDay: LUCKY_DAY_ENDPOINTS,
  hunts: HUNT_ENDPOINTS,
  promoCredits: PROMO_CREDIT_ENDPOINTS,
  lotto: LOTTO_ENDPOINTS,
  operator: OPERATOR_ENDPOINTS,
  console: CONSOLE_ENDPOINTS,
  support: SUPPORT_ENDPOINTS,
  feedHealth: FEED_HEALTH_ENDPOINTS,
  art: ART_ENDPOINTS,
  consoleCms: CONSOLE_CMS_ENDPOINTS,
  cmsPreview: CMS_PREVIEW_ENDPOINTS,
} as const satisfies Readonly<Record<string, Readonly<Record<string, Endpoint>>>>;

/** Every entry of a table (the whole one unless given), in order. */
export const tableEntries = (
  table: Readonly<Record<string, Readonly<Record<string, Endpoint>>>> = ENDPOINT_TABLE,
): readonly Endpoint[] => Object.values(table).flatMap((part) => Object.values(part));

/** The bases the API's routes are under (the web API, the frame's back end, the operator API). */
export const API_BASES: readonly string[] = [...new Set(tableEntries().map((entry) => entry.base))];

/** Whether the frame calls an entry: not the operator API, not the calls only the host makes. */
export const frameCalls = (entry: Endpoint): boolean =>
  entry.base !== OPERATOR_API_BASE && (entry.caller ?? 'frame') === 'frame';

/** An entry as the server's routes name it: `METHOD /base/path/:param`. */
export const routeName = (entry: Pick<Endpoint, 'method' | 'base' | 'path'>): string =>
  `${entry.method} ${serverRoute(entry)}`;
