import type { Promotion } from '@promo/contract';
import type { TFunction } from 'i18next';

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
