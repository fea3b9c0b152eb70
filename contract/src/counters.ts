import { z } from 'zod/mini';

/** GET counters?projectId=&domain= : the analytics counters (tag manager, metrics) of a site. */
export const countersSchema = z.object({
  counters: z.array(z.object({ type: z.enum(['gtm', 'metrika', 'ga4']), code: z.string().check(z.minLength(1)) })),
});
export type Counters = z.infer<typeof countersSchema>;

/** Spec 9: the secure cookie lives 1800 s; the frame renews it before then while signed in. */
export const SECURE_COOKIE = 'secure_data';
export const SECURE_COOKIE_MAX_AGE_S = 1800;

/** POST secure-cookie: binds the signed-in session to this browser's fingerprint. */
export const secureCookieRequestSchema = z.object({
  fingerprint: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,128}$/)),
});
export const secureCookieResponseSchema = z.object({ maxAge: z.int().check(z.positive()) });
