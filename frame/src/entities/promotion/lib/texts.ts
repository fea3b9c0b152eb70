import type { OddsFormat, Promotion, PromotionCard } from '@promo/contract';
import type { TFunction } from 'i18next';
import { formatAmount, formatOdds } from '../../../shared/lib/format/index.ts';
import { prizeText } from '../ui/prize-label.ts';

/** What a promotion's texts draw their placeholders from: a page's promotion or an index card. */
export type PlaceholderSource = Pick<Promotion, 'terms' | 'currencyCode'> & Pick<PromotionCard, 'topPrize'>;

/**
 * The value of each placeholder a promotion's texts may use, in the page's language and currency
 * and the player's odds format (the host's coefView).
 */
export function placeholderValues(
  { terms, currencyCode, topPrize }: PlaceholderSource,
  locale: string,
  t: TFunction,
  oddsFormat: OddsFormat = 'decimal',
): Record<string, string> {
  const money = (amount: string | undefined) =>
    amount === undefined ? undefined : formatAmount(amount, currencyCode, locale);
  const number = (value: number | undefined) =>
    value === undefined ? undefined : new Intl.NumberFormat(locale).format(value);
  const values: Record<string, string | undefined> = {
    percent: number(terms.percent),
    maxBonus: money(terms.maxBonus),
    minDeposit: money(terms.minDeposit),
    minStake: money(terms.minStake),
    maxRefund: money(terms.maxRefund),
    minOdds: terms.minOdds === undefined ? undefined : formatOdds(terms.minOdds, oddsFormat),
    minLegs: number(terms.minLegs),
    wager: number(terms.wager),
    freespins: number(terms.freespins),
    refundPercent: number(terms.refundPercent),
    validDays: number(terms.validDays),
    sport: terms.sportIds?.map((id) => t(`sport_${id}`)).join(', '),
    topPrize: topPrize ? prizeText(topPrize, locale, t) : undefined,
  };
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
