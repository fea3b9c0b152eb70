import { z } from 'zod/mini';
import { dbIdSchema } from './bounds.ts';

/** Cookie that keeps the session JWT in the frame (spec 3 "Session token"). */
export const USER_TOKEN_COOKIE = 'user_token';
/** Header that carries the bearer token on authenticated calls (spec 7). */
export const AUTH_HEADER = 'x-auth';
/** Extra headers of the mobile token sign-in (spec 9: mobile currency and mobile project id). */
export const MOBILE_CURRENCY_HEADER = 'x-mobile-currency';
export const MOBILE_PROJECT_ID_HEADER = 'x-mobile-project-id';

const userId = dbIdSchema();

export const fastLoginRequestSchema = z.object({
  login: z.string().check(z.minLength(1), z.maxLength(100)),
  pass: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type FastLoginRequest = z.infer<typeof fastLoginRequestSchema>;

/** fastLogin and the mobile token sign-in answer with the signed-in user. */
export const signedInResponseSchema = z.object({ user_id: userId });

/** POST disconnect: the session is over (signing out twice is still a sign-out). */
export const disconnectResponseSchema = z.object({ success: z.literal(true) });

/** GET sessions/user: the user of the session, null for a visitor. */
export const sessionUserSchema = z.object({ user_id: z.nullable(userId) });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET getuserconfig. */
export const userConfigSchema = z.object({
  result: z.object({
    user_id: userId,
    user_country_code: z.string().check(z.regex(/^[A-Z]{2}$/)),
    user_country_id: z.int(),
  }),
});
export type UserConfig = z.infer<typeof userConfigSchema>;

/** One money account of the user; amounts are decimal strings so no float ever rounds money. */
export const accountSchema = z.object({
  id: z.int(),
  currencyCode: z.string().check(z.minLength(3), z.maxLength(5)),
  amount: z.string().check(z.regex(/^-?\d+(\.\d+)?$/)),
  active: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

/** POST balance: every account, exactly one of them active. */
export const balanceSchema = z.object({ accounts: z.array(accountSchema) });
export type Balance = z.infer<typeof balanceSchema>;

export const setActiveAccountRequestSchema = z.object({ id: dbIdSchema() });

/** GET GetTimezones: IANA zones with their offset from UTC at the time of the answer. */
export const timezoneSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Minutes east of UTC (Moscow: 180). */
  offsetMinutes: z.int(),
});
export type Timezone = z.infer<typeof timezoneSchema>;
export const timezonesSchema = z.object({ timezones: z.array(timezoneSchema) });

/** The fingerprint collector's answer (spec 3 "Fingerprint state" without the components). */
export const fingerprintResponseSchema = z.object({
  token: z.string().check(z.minLength(8)),
  /** Unix milliseconds. */
  expiresAt: z.int(),
});

/** Response of GET /web-api/user/gettoken (here, not beside the site config: a page that asks for a
 * token does not build the config's schemas). */
export const tokenResponseSchema = z.object({ token: z.string().check(z.minLength(1)) });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
