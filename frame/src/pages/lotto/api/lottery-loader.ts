import { isLotteryCode } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { lotteryDrawsQuery, lottoAvailableQuery, lottoResultsQuery } from '../../../entities/lottery/index.ts';
import { prefetchForPlayer } from '../../../entities/user/index.ts';
import { StatusError } from '../../../shared/lib/index.ts';

/** A lottery page of an unknown lottery code is a 404. */
export function lotteryLoader({ params }: LoaderFunctionArgs) {
  if (!isLotteryCode(params.lottoId ?? '')) throw new StatusError('This lottery could not be found', 404);
  return null;
}

/** The results page: each lottery's latest draw, in the cache before it renders (like the list). */
export const resultsLoader = (queryClient: QueryClient) =>
  prefetchForPlayer(queryClient, ({ userId, currency }) => lottoResultsQuery(userId, currency));

/** One lottery's draws page: a known lottery (else 404), its draws in the cache before it renders. */
export function drawsLoader(args: LoaderFunctionArgs, queryClient: QueryClient): Promise<null> {
  lotteryLoader(args);
  const code = args.params.lottoId ?? '';
  return prefetchForPlayer(queryClient, ({ userId, currency }) => lotteryDrawsQuery(code, userId, currency));
}

/** The lottery section's list (prices and jackpots in the player's currency), before any of its pages renders. */
export const lottoSectionLoader = (queryClient: QueryClient) =>
  prefetchForPlayer(queryClient, ({ userId, currency }) => lottoAvailableQuery(userId, currency));
