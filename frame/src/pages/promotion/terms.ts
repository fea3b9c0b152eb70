import type { Promotion } from '@promo/contract';
import type { TFunction } from 'i18next';
import { prizeText } from '../../entities/promotion/index.ts';
import { formatAmount } from '../../shared/lib/format-money.ts';

/** The value of each placeholder a promotion's texts may use, in the page's language and currency. */
export function placeholderValues(promotion: Promotion, locale: string, t: TFunction): Record<string, string> {
  const { terms, currencyCode, prizes } = promotion;
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
    minOdds: terms.minOdds,
    minLegs: number(terms.minLegs),
    wager: number(terms.wager),
    freespins: number(terms.freespins),
    refundPercent: number(terms.refundPercent),
    validDays: number(terms.validDays),
    sport: terms.sportIds?.map((id) => t(`sport_${id}`)).join(', '),
    topPrize: prizes[0] && prizeText(prizes[0], locale, t),
  };
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** A content text with its {{placeholders}} filled (an unknown one stays visible, never blank). */
export const fillText = (text: string, values: Record<string, string>): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => values[name] ?? match);

/** "At a glance": one line per term the promotion sets, as [label key, value]. */
export function termLines(promotion: Promotion, values: Record<string, string>, locale: string, t: TFunction) {
  const { terms } = promotion;
  const weekdays = terms.weekdays?.map((day) =>
    new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, 7 + day)),
  );
  const lines: Array<[string, string | undefined]> = [
    ['promo_term_sport', values.sport],
    ['promo_term_stage', terms.stage && t(`promo_stage_${terms.stage.replace(/-/g, '_')}`, { defaultValue: '' })],
    ['promo_term_bet_type', terms.betType && t(`promo_bet_type_${terms.betType}`)],
    ['promo_term_min_legs', values.minLegs],
    ['promo_term_min_odds', values.minOdds],
    ['promo_term_min_stake', values.minStake],
    ['promo_term_min_deposit', values.minDeposit],
    ['promo_term_percent', values.percent && `${values.percent}%`],
    ['promo_term_max_bonus', values.maxBonus],
    ['promo_term_wager', values.wager && `×${values.wager}`],
    ['promo_term_freespins', values.freespins],
    ['promo_term_refund', values.refundPercent && `${values.refundPercent}%`],
    ['promo_term_max_refund', values.maxRefund],
    ['promo_term_payment', terms.payment?.map((method) => t(`promo_payment_${method}`)).join(', ')],
    ['promo_term_weekdays', weekdays?.join(', ')],
    ['promo_term_valid_days', values.validDays && t('promo_days', { count: terms.validDays })],
  ];
  return lines.filter((line): line is [string, string] => typeof line[1] === 'string' && line[1] !== '');
}
