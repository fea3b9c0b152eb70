import type { PromoPrize } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../entities/user/index.ts';
import { useGlobalStore } from '../../shared/store/index.ts';
import styles from './prize-table.module.css';

/** The prize fund and the prize for each place (or range of places). */
export function PrizeTable({
  prizes,
  fund,
}: {
  prizes: readonly PromoPrize[];
  fund: { amount: string; currencyCode: string } | null;
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
          <strong>{formatMoney(fund.amount, fund.currencyCode, language)}</strong>
        </p>
      )}
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('promo_place')}</th>
            <th scope="col">{t('promo_prize')}</th>
          </tr>
        </thead>
        <tbody>
          {prizes.map((prize) => (
            <tr key={prize.places}>
              <td className={styles.place}>{prize.places.replace('-', '–')}</td>
              <td>
                {formatMoney(prize.amount, prize.currencyCode, language)}{' '}
                <span className={styles.kind}>{t(`promo_prize_kind_${prize.kind}`)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
