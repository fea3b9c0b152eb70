import { type PromoEntry, resolvePromo } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { promotionQuery } from '../../entities/promotion/index.ts';
import { StatusError } from '../../shared/lib/index.ts';
import { preloadMechanic } from './mechanics.ts';

export interface PromotionRouteData {
  entry: PromoEntry;
  serverKey: string;
}

/**
 * promotion/{name}: a registry name, alias, numeric id or server-defined pattern. An unknown name
 * is a 404 before anything loads; a promotion the server does not know is its 404 too.
 */
export async function promotionLoader({ params }: LoaderFunctionArgs, queryClient: QueryClient) {
  const resolved = resolvePromo(params.name ?? '');
  if (!resolved) throw new StatusError('This page could not be found', 404);
  // A server-defined promo's template comes with its data; a registry entry's is known now.
  if (!resolved.entry.options.serverDefined) preloadMechanic(resolved.entry);
  const promotion = await queryClient.ensureQueryData(promotionQuery(resolved.serverKey));
  // A server-defined promo ({name}-page, {name}-{name}) renders the template the server gives it.
  const entry = resolved.entry.options.serverDefined
    ? { ...resolved.entry, template: promotion.template }
    : resolved.entry;
  return { entry, serverKey: resolved.serverKey } satisfies PromotionRouteData;
}
