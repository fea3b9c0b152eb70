import { isLotteryCode } from '@promo/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { StatusError } from '../../shared/lib/index.ts';

/** A lottery page of an unknown lottery code is a 404. */
export function lotteryLoader({ params }: LoaderFunctionArgs) {
  if (!isLotteryCode(params.lottoId ?? '')) throw new StatusError('This lottery could not be found', 404);
  return null;
}
