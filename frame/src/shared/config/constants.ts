import { BREAKPOINTS } from './breakpoints.ts';

/** Frame start-up language and the language cookie: shared with the server, which preloads the first config request. */
export { FRAME_START_LANGUAGE as FRAME_DEFAULT_LANGUAGE, LANGUAGE_COOKIE } from '@promo/contract';
/** Shell currency when the config names none (the global state keeps its own RUB default). */
export const SHELL_DEFAULT_CURRENCY = 'USD';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** Spec 9 progress bar timings. */
export const PROGRESS_DELAY_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_DELAY_MS = 500;

/**
 * Spec 9 "fetch delay at least 200 ms": a loading skeleton is drawn only once a load has taken this
 * long, and once drawn it stays at least this long, so it never flashes (decision 031).
 */
export const LOADING_MIN_MS = 200;

/** Spec 9 handler debounces: the scroll handler runs once scrolling has stopped this long, the resize handler once resizing has. */
export const SCROLL_DEBOUNCE_MS = 500;
export const RESIZE_DEBOUNCE_MS = 100;

/** Spec 9 default heading tag: a page's title (a CMS page's may choose h2 or h3). */
export const DEFAULT_HEADING_TAG = 'h1';

/** Spec 9: the error-page ball sprite has 13 steps over 1.5 s. */
export const BALL_SPRITE_STEPS = 13;
export const BALL_SPRITE_DURATION_MS = 1500;

/**
 * Phone widths: narrower than the low resolution of spec 9, where the pages go to one column (their
 * stylesheets' `(--wide)` media, decision 031). CMS art shows its mobile variant there (decision 028).
 */
export const PHONE_MEDIA = `(width < ${BREAKPOINTS.lowResolution}px)`;

export const FRAME_BASENAME = '/promo-frame';
