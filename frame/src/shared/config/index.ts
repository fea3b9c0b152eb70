export {
  API_PATHS,
  BALL_SPRITE_DURATION_MS,
  BALL_SPRITE_STEPS,
  FRAME_BASENAME,
  FRAME_DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  PHONE_MEDIA,
  PROGRESS_DELAY_MS,
  PROGRESS_DURATION_MS,
  PROGRESS_HIDE_DELAY_MS,
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
