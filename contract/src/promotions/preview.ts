import { z } from 'zod/mini';

/** A console preview link's token (random, base64url): the page's `?preview=` and its widgets' reads. */
export const previewTokenSchema = () =>
  z.string().check(z.regex(/^[A-Za-z0-9_-]{20,64}$/, 'a preview link token expected'));

/**
 * The query part a widget's read by promotion id takes in a console preview (decision 042): a live
 * link's token makes the read answer from the previewed version's row, as a visitor sees it. No
 * write takes it: a preview takes no action.
 */
export const previewQueryShape = { preview: z.optional(previewTokenSchema()) };

/** The query of a widget's read that takes nothing else. */
export const previewQuerySchema = z.object(previewQueryShape);
