/** Frame start-up language and the language cookie: shared with the server, which preloads the first config request. */
export { FRAME_START_LANGUAGE as FRAME_DEFAULT_LANGUAGE, LANGUAGE_COOKIE } from '@promo/contract';
/** Shell currency when the config names none (the global state keeps its own RUB default). */
export const SHELL_DEFAULT_CURRENCY = 'USD';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** Spec 9 progress bar timings. */
export const PROGRESS_DELAY_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_DELAY_MS = 500;

/** Spec 9: the error-page ball sprite has 13 steps over 1.5 s. */
export const BALL_SPRITE_STEPS = 13;
export const BALL_SPRITE_DURATION_MS = 1500;

/**
 * Phone widths: narrower than 44rem (704 px), where the promotion pages and the wheel go to one
 * column (their stylesheets' min-width: 44rem). CMS art shows its mobile variant there (decision 028).
 */
export const PHONE_MEDIA = '(width < 44rem)';

export const FRAME_BASENAME = '/promo-frame';
export const API_PATHS = {
  token: '/web-api/user/gettoken',
} as const;
