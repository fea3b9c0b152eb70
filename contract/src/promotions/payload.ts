import { z } from 'zod/mini';
import { PROMO_TEMPLATES } from './registry.ts';

const decimal = z.string().check(z.regex(/^\d+(\.\d+)?$/));

export const promoPrizeSchema = z.object({
  /** "1", "2-3", "4-10". */
  places: z.string().check(z.regex(/^\d+(-\d+)?$/)),
  amount: decimal,
  currencyCode: z.string().check(z.minLength(3), z.maxLength(5)),
  kind: z.enum(['cash', 'freebet', 'freespins', 'bonus']),
});
export type PromoPrize = z.infer<typeof promoPrizeSchema>;

/** The path (under the web API) of one promotion's data, by numeric id or slug. */
export const promotionPath = (key: string): string => `/external-api/promotions/${encodeURIComponent(key)}`;

/** GET /external-api/promotions/{id}: what the server says about one promotion now. */
export const promotionSchema = z.object({
  id: z.int(),
  slug: z.string(),
  template: z.enum(PROMO_TEMPLATES),
  status: z.enum(['upcoming', 'active', 'ended']),
  /** Unix seconds. */
  startsAt: z.int(),
  endsAt: z.nullable(z.int()),
  prizeFund: z.nullable(z.object({ amount: decimal, currencyCode: z.string() })),
  prizes: z.array(promoPrizeSchema),
});
export type Promotion = z.infer<typeof promotionSchema>;
