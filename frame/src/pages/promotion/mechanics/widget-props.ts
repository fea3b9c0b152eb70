import type { Promotion } from '@promo/contract';

/**
 * What a widget reads its promotion's state by: the promotion's id and, on a console preview page,
 * the link's token (its reads then answer from the previewed version, as a visitor's, and its actions
 * are off).
 */
export const readBy = (promotion: Promotion) => ({ promotionId: promotion.id, preview: promotion.preview });
