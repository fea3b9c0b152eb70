import { resolvePromo } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params } from 'react-router';
import { promotionQuery } from '../../../entities/promotion/index.ts';
import { loadPlayerCurrency } from '../../../entities/user/index.ts';
import { StatusError } from '../../../shared/lib/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { loadMechanic, loadMechanicData } from '../mechanics/index.ts';

export interface PromotionRouteData {
  serverKey: string;
  /** The promotion's title in the page's language (the document title). */
  title: string;
  /** Its summary: the page's meta description and link card text. */
  summary: string;
}

/**
 * promotion/{name}: a registry name, alias, numeric id or server-defined pattern. An unknown name
 * is a 404 before anything loads; a promotion the server does not know is its 404 too. The
 * promotion's content comes in the page's language and the player's currency, and decides the
 * widgets that load beside it.
 */
export async function promotionLoader({ params }: LoaderFunctionArgs, queryClient: QueryClient) {
  const resolved = resolvePromo(params.name ?? '');
  if (!resolved) throw new StatusError('This page could not be found', 404);
  const language = useGlobalStore.getState().currentLanguage;
  const currency = await loadPlayerCurrency(queryClient);
  const promotion = await queryClient.ensureQueryData(promotionQuery(resolved.serverKey, language, currency));
  await Promise.all([loadMechanic(promotion), loadMechanicData(queryClient, promotion, currency)]);
  return {
    serverKey: resolved.serverKey,
    title: promotion.texts.title,
    summary: promotion.texts.summary,
  } satisfies PromotionRouteData;
}

/**
 * Before a server-rendered promotion page hydrates: its mechanic's code, which the loader loaded
 * on the server (the promotion itself is in the hydrated cache).
 */
export async function promotionHydration(params: Params, queryClient: QueryClient): Promise<void> {
  const resolved = resolvePromo(params.name ?? '');
  if (!resolved) return;
  const { currentLanguage, geoCurrencyCode } = useGlobalStore.getState();
  const { queryKey } = promotionQuery(resolved.serverKey, currentLanguage, geoCurrencyCode);
  const promotion = queryClient.getQueryData(queryKey);
  if (promotion) await loadMechanic(promotion);
}
