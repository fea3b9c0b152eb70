import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/lib/format-money.ts';
import { useGlobalStore } from '../../../shared/store/index.ts';

/** A prize of a wheel segment, a draw place or a streak step. */
export interface PrizeLike {
  kind: 'cash' | 'freebet' | 'freespins' | 'bonus' | 'none';
  amount: string;
  currencyCode: string;
}

/**
 * A prize as players read it, in the page's language: "10 free spins" (a count, never money),
 * "$5.00 free bet", "$100.00 cash", "Try again" for an empty wheel segment.
 */
export function usePrizeLabel(): (prize: PrizeLike) => string {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  return ({ kind, amount, currencyCode }) => {
    if (kind === 'none') return t('wheel_prize_none');
    if (kind === 'freespins') return t('wheel_prize_freespins', { amount });
    return t(`wheel_prize_${kind}`, { amount: formatMoney(amount, currencyCode, language) });
  };
}
