import type { PromoPrize } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/lib/format/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import styles from './prize-table.module.css';

/**
 * The prize fund (cash prizes only) and the prize for each place or ladder step, in the currency
 * the server converted them to (the player's). Free bets are money; free spins and points are
 * counts, never added to the fund.
 */
export function PrizeTable({
  prizes,
  fund,
  basis,
}: {
  prizes: readonly PromoPrize[];
  fund: { amount: string; currencyCode: string } | null;
  basis: 'place' | 'step';
}) {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  return (
    <section className={styles.prizes} aria-labelledby="prizes-title">
      <h2 id="prizes-title" className={styles.title}>
        {t('promo_prizes_title')}
      </h2>
      {fund && (
        <p className={styles.fund}>
          <span>{t('promo_prize_fund')}</span>
          <strong>{formatAmount(fund.amount, fund.currencyCode, language)}</strong>
        </p>
      )}
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t(basis === 'step' ? 'promo_step' : 'promo_place')}</th>
            <th scope="col">{t('promo_prize')}</th>
          </tr>
        </thead>
        <tbody>
          {prizes.map((prize) => (
            <tr key={prize.places}>
              <td className={styles.place}>
                {basis === 'step'
                  ? t('promo_step_in_a_row', { count: Number(prize.places) })
                  : prize.places.replace('-', '–')}
              </td>
              <td>
                {prize.kind === 'freespins' || prize.kind === 'points'
                  ? new Intl.NumberFormat(language).format(Number(prize.amount))
                  : formatAmount(prize.amount, prize.currencyCode, language)}{' '}
                <span className={styles.kind}>{t(`promo_prize_kind_${prize.kind}`)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
