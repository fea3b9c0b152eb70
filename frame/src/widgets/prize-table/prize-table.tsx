import type { PromoPrize } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { convertedSumQuery } from '../../entities/promotion/index.ts';
import { usePlayerCurrency } from '../../entities/user/index.ts';
import { formatMoney } from '../../shared/lib/format-money.ts';
import { useGlobalStore } from '../../shared/store/index.ts';
import styles from './prize-table.module.css';

/**
 * The prize fund and the prize for each place (or range of places). A player whose account is in
 * another currency also sees each amount in it (converted-sum).
 */
export function PrizeTable({
  prizes,
  fund,
}: {
  prizes: readonly PromoPrize[];
  fund: { amount: string; currencyCode: string } | null;
}) {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const userId = useGlobalStore((s) => s.userId);
  const currency = usePlayerCurrency();
  const from = fund?.currencyCode ?? prizes[0]?.currencyCode ?? currency;
  const amounts = [...(fund ? [fund.amount] : []), ...prizes.map((prize) => prize.amount)];
  const { data: converted } = useQuery({
    ...convertedSumQuery(amounts, from, userId ?? 0),
    enabled: userId !== null && currency !== from && amounts.length > 0,
  });
  /** "≈ €3,700.00" for the amount at `index` of `amounts`, when converted. */
  const approx = (index: number) => {
    const sum = converted?.sums[index];
    return sum === undefined || !converted ? null : (
      <span className={styles.converted} data-testid="converted">
        ≈ {formatMoney(sum, converted.currencyCode, language)}
      </span>
    );
  };
  const offset = fund ? 1 : 0;
  return (
    <section className={styles.prizes} aria-labelledby="prizes-title">
      <h2 id="prizes-title" className={styles.title}>
        {t('promo_prizes_title')}
      </h2>
      {fund && (
        <p className={styles.fund}>
          <span>{t('promo_prize_fund')}</span>
          <strong>{formatMoney(fund.amount, fund.currencyCode, language)}</strong>
          {approx(0)}
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
          {prizes.map((prize, index) => (
            <tr key={prize.places}>
              <td className={styles.place}>{prize.places.replace('-', '–')}</td>
              <td>
                {/* Free spins are a count, not money. */}
                {prize.kind === 'freespins' ? prize.amount : formatMoney(prize.amount, prize.currencyCode, language)}{' '}
                <span className={styles.kind}>{t(`promo_prize_kind_${prize.kind}`)}</span>
                {prize.kind !== 'freespins' && approx(index + offset)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
