import { type PromoEntry, resolvePromo } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { promotionQuery } from '../../entities/promotion/index.ts';
import { StatusError } from '../../shared/lib/index.ts';
import { loadMechanic, loadMechanicData } from './mechanics.tsx';

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
  // A registry entry's mechanic is known now and loads beside the data; a server-defined promo's
  // template comes with its data.
  const serverDefined = resolved.entry.options.serverDefined;
  const code = serverDefined ? undefined : loadMechanic(resolved.entry);
  const promotion = await queryClient.ensureQueryData(promotionQuery(resolved.serverKey));
  // A server-defined promo ({name}-page, {name}-{name}) renders the template the server gives it.
  const entry = serverDefined ? { ...resolved.entry, template: promotion.template } : resolved.entry;
  await Promise.all([code ?? loadMechanic(entry), loadMechanicData(queryClient, entry, promotion.id)]);
  return { entry, serverKey: resolved.serverKey } satisfies PromotionRouteData;
}
