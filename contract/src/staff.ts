import { z } from 'zod/mini';

/**
 * The operator console's roles (decision 042): an editor writes drafts; a publisher schedules,
 * publishes and unpublishes; support reads players, the ledger and credits and edits nothing; an
 * admin manages staff and roles.
 */
export const STAFF_ROLES = ['editor', 'publisher', 'support', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Whether a stored role is one of the console's (a row written by another version may not be). */
export const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

/** The roles that sign in with a second factor (TOTP) besides their password. */
export const SECOND_FACTOR_ROLES: readonly StaffRole[] = ['publisher', 'admin'];

/** A staff sign-in: the second factor's six digits when the role asks for them. */
export const staffSignInSchema = z.object({
  login: z.string().check(z.regex(/^[a-z0-9._-]{3,40}$/)),
  password: z.string().check(z.minLength(1), z.maxLength(200)),
  code: z.optional(z.string().check(z.regex(/^\d{6}$/))),
});
export type StaffSignIn = z.infer<typeof staffSignInSchema>;
