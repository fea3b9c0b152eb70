/**
 * Paths under the web API base of the session's, the user's and the telemetry calls (spec 7
 * "Token and config", "Auth and user", "Common"): written once here, read by their entries of the
 * endpoint table (session-endpoints.ts). The frame's first chunk (the token, the analytics
 * beacons) reads these strings without the table's schemas.
 */
export const API_PATHS = {
  getToken: '/user/gettoken',
  fastLogin: '/external-api/fastLogin',
  disconnect: '/user/disconnect',
  sessionUser: '/api/internal/v1/sessions/user',
  userConfig: '/user/getuserconfig',
  mobileTokenAuth: '/api/mobile/v1/token/auth',
  balance: '/user/balance',
  setActiveAccount: '/user/setactiveaccount',
  timezones: '/GetTimezones',
  analyticsEvents: '/analytics/events',
  /** The metrics service: web vitals, frame timings and event counts. */
  metrics: '/analytics/metrics',
  fingerprint: '/fingerprint',
  counters: '/counters',
  secureCookie: '/user/secure-cookie',
} as const;
