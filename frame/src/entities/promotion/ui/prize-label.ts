import type { PrizeKind } from '@promo/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/lib/format/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';

/** A prize of a wheel segment, a draw place, a streak step or a prize table row. */
export interface PrizeLike {
  kind: PrizeKind | 'none';
  amount: string;
  currencyCode: string;
}

/**
 * A prize as players read it, in the page's language: "10 free spins" and "500 points" (counts,
 * never money), "$5.00 free bet", "$100.00 cash", "Try again" for an empty wheel segment.
 */
export function prizeText({ kind, amount, currencyCode }: PrizeLike, locale: string, t: TFunction): string {
  if (kind === 'none') return t('wheel_prize_none');
  if (kind === 'freespins' || kind === 'points') return t(`wheel_prize_${kind}`, { amount });
  return t(`wheel_prize_${kind}`, { amount: formatMoney(amount, currencyCode, locale) });
}

/** prizeText in the current language. */
export function usePrizeLabel(): (prize: PrizeLike) => string {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  return (prize) => prizeText(prize, language, t);
}
