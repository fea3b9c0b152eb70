import {
  ANALYTICS_ENDPOINTS,
  AUTH_ENDPOINTS,
  BONUS_ENDPOINTS,
  CMS_ENDPOINTS,
  CONFIG_PART_PATH,
  CONFIG_PART_SCHEMAS,
  COUNTER_ENDPOINTS,
  DICTIONARY_UNIT_PATH,
  dictionaryUnitSchema,
  HUNT_ENDPOINTS,
  LOTTO_ENDPOINTS,
  LUCKY_DAY_ENDPOINTS,
  PROMO_CREDIT_ENDPOINTS,
  PROMOTION_ENDPOINTS,
  SITE_CONFIG_PATH,
  siteConfigSchema,
  TOURNAMENT_ENDPOINTS,
  USER_ENDPOINTS,
  WHEEL_ENDPOINTS,
} from '@promo/contract';
import { type Endpoint, endpoint, tableEndpoint } from '../contract-api.ts';

/** The site config parts the frame reads: its footer's, and thirdparty (the fingerprint script's path). */
const FRAME_CONFIG_PARTS = ['footer', 'information', 'support', 'responsible', 'licence', 'thirdparty'] as const;

/**
 * Every endpoint the frame calls, with its contract schema and whether the server needs an
 * Idempotency-Key: what the offline mode replays, and refuses where nothing was recorded (the
 * actions). A recorded answer of a path not listed here fails when the handlers are made.
 */
export const OFFLINE_ENDPOINTS: readonly Endpoint[] = [
  // The site config and its parts come from the frame's own back end (not under the web API).
  endpoint('GET', SITE_CONFIG_PATH, siteConfigSchema),
  endpoint('GET', `${DICTIONARY_UNIT_PATH}/:unit`, dictionaryUnitSchema),
  ...FRAME_CONFIG_PARTS.map((name) => endpoint('GET', `${CONFIG_PART_PATH}/${name}.json`, CONFIG_PART_SCHEMAS[name])),
  // The registration settings: asked when a visitor registers (how one-click credentials are kept).
  endpoint('GET', `${CONFIG_PART_PATH}/registration.json`, CONFIG_PART_SCHEMAS.registration),
  ...[
    AUTH_ENDPOINTS.getToken,
    AUTH_ENDPOINTS.sessionUser,
    AUTH_ENDPOINTS.userConfig,
    AUTH_ENDPOINTS.mobileTokenAuth,
    AUTH_ENDPOINTS.fastLogin,
    AUTH_ENDPOINTS.disconnect,
    USER_ENDPOINTS.balance,
    USER_ENDPOINTS.setActiveAccount,
    USER_ENDPOINTS.timezones,
    ANALYTICS_ENDPOINTS.fingerprint,
    COUNTER_ENDPOINTS.secureCookie,
    COUNTER_ENDPOINTS.counters,
  ].map((entry) => tableEndpoint(entry)),
  tableEndpoint(PROMOTION_ENDPOINTS.index),
  tableEndpoint(PROMOTION_ENDPOINTS.promotion),
  ...[CMS_ENDPOINTS.promotionServiceId, CMS_ENDPOINTS.page].map((entry) => tableEndpoint(entry)),
  tableEndpoint(CMS_ENDPOINTS.promotionPage),
  tableEndpoint(CMS_ENDPOINTS.landing),
  tableEndpoint(CMS_ENDPOINTS.banners),
  tableEndpoint(LOTTO_ENDPOINTS.available),
  tableEndpoint(LOTTO_ENDPOINTS.draws),
  ...[LOTTO_ENDPOINTS.results, LOTTO_ENDPOINTS.tickets, LOTTO_ENDPOINTS.buyTicket].map((entry) => tableEndpoint(entry)),
  ...[
    BONUS_ENDPOINTS.welcomeBonus,
    BONUS_ENDPOINTS.getFirstBonus,
    BONUS_ENDPOINTS.setFirstBonus,
    BONUS_ENDPOINTS.dailyTake,
    BONUS_ENDPOINTS.takeFreebet,
    BONUS_ENDPOINTS.takeFreespin,
    BONUS_ENDPOINTS.amountsConvert,
  ].map((entry) => tableEndpoint(entry)),
  tableEndpoint(BONUS_ENDPOINTS.rulesAndTerms),
  tableEndpoint(BONUS_ENDPOINTS.activate),
  ...[WHEEL_ENDPOINTS.state, WHEEL_ENDPOINTS.join, WHEEL_ENDPOINTS.spin, WHEEL_ENDPOINTS.spinAll].map((entry) =>
    tableEndpoint(entry),
  ),
  tableEndpoint(WHEEL_ENDPOINTS.history),
  tableEndpoint(HUNT_ENDPOINTS.board),
  tableEndpoint(HUNT_ENDPOINTS.search),
  ...[
    LUCKY_DAY_ENDPOINTS.draw,
    LUCKY_DAY_ENDPOINTS.tickets,
    LUCKY_DAY_ENDPOINTS.takeTicket,
    LUCKY_DAY_ENDPOINTS.luckyChance,
    LUCKY_DAY_ENDPOINTS.forecast,
  ].map((entry) => tableEndpoint(entry)),
  tableEndpoint(LUCKY_DAY_ENDPOINTS.betSeries),
  tableEndpoint(LUCKY_DAY_ENDPOINTS.jackpot),
  tableEndpoint(PROMO_CREDIT_ENDPOINTS.credits),
  tableEndpoint(PROMO_CREDIT_ENDPOINTS.claim),
  tableEndpoint(PROMOTION_ENDPOINTS.evasFavorites),
  tableEndpoint(PROMOTION_ENDPOINTS.evaginariumMobile),
  ...[
    TOURNAMENT_ENDPOINTS.tournament,
    TOURNAMENT_ENDPOINTS.results,
    TOURNAMENT_ENDPOINTS.userResult,
    TOURNAMENT_ENDPOINTS.participate,
    TOURNAMENT_ENDPOINTS.validateUser,
    TOURNAMENT_ENDPOINTS.ratingByTickets,
  ].map((entry) => tableEndpoint(entry)),
];
