export { BUILD_INFO, ERROR_SPRITE_URL } from './build-info.ts';
export {
  BALL_SPRITE_DURATION_MS,
  BALL_SPRITE_STEPS,
  DEFAULT_HEADING_TAG,
  FRAME_BASENAME,
  FRAME_DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LOADING_MIN_MS,
  PHONE_MEDIA,
  PROGRESS_DELAY_MS,
  PROGRESS_DURATION_MS,
  PROGRESS_HIDE_DELAY_MS,
  RESIZE_DEBOUNCE_MS,
  SCROLL_DEBOUNCE_MS,
  SHELL_DEFAULT_CURRENCY,
} from './constants.ts';
export { bonusPath, informationPath, promoStorePath } from './host-paths.ts';
export {
  allGamesEntrancePath,
  type BettingTarget,
  betOnOwnPath,
  bettingPath,
  fastGamesPath,
  livePath,
  OFFICE_SECTIONS,
  type OfficeSection,
  officePath,
  promotionPath,
  SPORT_SEGMENTS,
  THIRD_PARTY_SECTIONS,
  type ThirdPartySection,
  teamLineLivePath,
  thirdPartyPath,
} from './host-product-paths.ts';
export { getHref, ROUTES, type RouteName, withLanguage } from './paths.ts';
