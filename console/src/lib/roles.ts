import type { Endpoint, StaffRole } from '@promo/contract';

/**
 * Whether a staff role may make a call: the endpoint table's `roles` decide, as on the server. The
 * console hides (not disables) what the role may not do.
 */
export const mayCall = (role: StaffRole | undefined, entry: Pick<Endpoint, 'roles'>): boolean =>
  role !== undefined && (entry.roles === undefined || entry.roles.includes(role));
