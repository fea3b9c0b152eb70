import { resolvePromo } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params } from 'react-router';
import { promotionQuery } from '../../../entities/promotion/index.ts';
import { loadPlayerCurrency } from '../../../entities/user/index.ts';
import { StatusError } from '../../../shared/lib/index.ts';
import { scopeOf } from '../../../shared/model/index.ts';
import { loadMechanic, loadMechanicData } from '../mechanics/index.ts';

export interface PromotionRouteData {
  serverKey: string;
  /** The promotion's title in the page's language (the document title). */
  title: string;
  /** Its summary: the page's meta description and link card text. */
  summary: string;
  /** A console preview link's token: the page shows that version, marked as a preview. */
  preview: string | undefined;
}

/** The preview token of a page's address (?preview=), when it has a well-formed one. */
export const previewToken = (url: string): string | undefined => {
  const token = new URL(url).searchParams.get('preview');
  return token && /^[A-Za-z0-9_-]{20,64}$/.test(token) ? token : undefined;
};

/**
 * promotion/{name}: a registry name, alias, numeric id or a slug the server may know. A malformed name
 * is a 404 before anything loads; a promotion the server does not know is its 404 too. The
 * promotion's content comes in the page's language and the player's currency, and decides the
 * widgets that load beside it.
 */
export async function promotionLoader({ params, request }: LoaderFunctionArgs, queryClient: QueryClient) {
  const resolved = resolvePromo(params.name ?? '');
  if (!resolved) throw new StatusError('This page could not be found', 404);
  const language = scopeOf(queryClient).store.getState().currentLanguage;
  const currency = await loadPlayerCurrency(queryClient);
  const preview = previewToken(request.url);
  const promotion = await queryClient.ensureQueryData(promotionQuery(resolved.serverKey, language, currency, preview));
  await Promise.all([loadMechanic(promotion), loadMechanicData(queryClient, promotion, currency)]);
  return {
    serverKey: resolved.serverKey,
    title: promotion.texts.title,
    summary: promotion.texts.summary,
    preview,
  } satisfies PromotionRouteData;
}

/**
 * Before a server-rendered promotion page hydrates: its mechanic's code, which the loader loaded
 * on the server (the promotion itself is in the hydrated cache).
 */
export async function promotionHydration(params: Params, queryClient: QueryClient): Promise<void> {
  const resolved = resolvePromo(params.name ?? '');
  if (!resolved) return;
  const { currentLanguage, geoCurrencyCode } = scopeOf(queryClient).store.getState();
  const { queryKey } = promotionQuery(resolved.serverKey, currentLanguage, geoCurrencyCode);
  const promotion = queryClient.getQueryData(queryKey);
  if (promotion) await loadMechanic(promotion);
}
