import { isLotteryCode } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { lotteryDrawsQuery, lottoAvailableQuery, lottoResultsQuery } from '../../entities/lottery/index.ts';
import { loadPlayerCurrency } from '../../entities/user/index.ts';
import { StatusError } from '../../shared/lib/index.ts';
import { useGlobalStore } from '../../shared/store/index.ts';

/** A lottery page of an unknown lottery code is a 404. */
export function lotteryLoader({ params }: LoaderFunctionArgs) {
  if (!isLotteryCode(params.lottoId ?? '')) throw new StatusError('This lottery could not be found', 404);
  return null;
}

/** The results page: each lottery's latest draw, in the cache before it renders (like the list). */
export async function resultsLoader(queryClient: QueryClient): Promise<null> {
  const currency = await loadPlayerCurrency(queryClient);
  await queryClient.prefetchQuery(lottoResultsQuery(useGlobalStore.getState().userId, currency));
  return null;
}

/** One lottery's draws page: a known lottery (else 404), its draws in the cache before it renders. */
export async function drawsLoader(args: LoaderFunctionArgs, queryClient: QueryClient): Promise<null> {
  lotteryLoader(args);
  const currency = await loadPlayerCurrency(queryClient);
  const code = args.params.lottoId ?? '';
  await queryClient.prefetchQuery(lotteryDrawsQuery(code, useGlobalStore.getState().userId, currency));
  return null;
}

/**
 * The lottery section's list (prices and jackpots in the player's currency) is in the cache before
 * any of its pages renders: rendered on the server with the page, and on a client navigation
 * without a skeleton first. A list that fails is the page's own message with its retry.
 */
export async function lottoSectionLoader(queryClient: QueryClient): Promise<null> {
  const currency = await loadPlayerCurrency(queryClient);
  await queryClient.prefetchQuery(lottoAvailableQuery(useGlobalStore.getState().userId, currency));
  return null;
}
