import { LOTTERIES, LOTTERY_CODES } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Balls, lottoResultsQuery } from '../../../entities/lottery/index.ts';
import { usePlayerCurrency } from '../../../entities/user/index.ts';
import { WatchDraw } from '../../../features/watch-draw/index.ts';
import { getHref } from '../../../shared/config/index.ts';
import { DATE_FORMATS, useZonedFormat } from '../../../shared/lib/format/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { Skeleton, useLoading } from '../../../shared/ui/skeleton/index.ts';
import styles from './lotto.module.css';

/** Spec 2 results: each lottery's latest result, leading to its draws. */
export function ResultsPage() {
  const { t } = useTranslation();
  const userId = useGlobalStore((s) => s.userId);
  const language = useGlobalStore((s) => s.currentLanguage);
  const formatDate = useZonedFormat();
  const currency = usePlayerCurrency();
  const results = useQuery(lottoResultsQuery(userId, currency));
  const { loading, drawn } = useLoading(results.isPending);
  return (
    <>
      <h1 className={styles.title}>{t('lotto_results_title')}</h1>
      {results.isError && <LoadFailed message={t('lotto_load_failed')} onRetry={() => void results.refetch()} />}
      <ul className={styles.rows} data-testid="lotto-results" aria-busy={loading}>
        {loading &&
          // One placeholder of a row's size per lottery: the footer stays where the list will end.
          LOTTERY_CODES.map((code) => <Skeleton key={code} as="li" className={styles.rowSkeleton} drawn={drawn} />)}
        {!loading &&
          results.data?.draws.map((draw) => (
            <li key={draw.id} className={styles.row}>
              <div className={styles.rowHead}>
                <Link to={getHref('lottoDraws', { lottoId: draw.code }, language)} className={styles.rowTitle}>
                  {LOTTERIES[draw.code].name}
                </Link>
                <span className={styles.muted}>{formatDate(draw.drawAt * 1000, DATE_FORMATS.dayMonthTime)}</span>
              </div>
              {draw.result && (
                <div className={styles.rowResult}>
                  <Balls line={draw.result} size="sm" />
                  <WatchDraw
                    line={draw.result}
                    title={`${LOTTERIES[draw.code].name} · ${t('lotto_replay_title', { date: formatDate(draw.drawAt * 1000, DATE_FORMATS.date) })}`}
                  />
                </div>
              )}
            </li>
          ))}
      </ul>
    </>
  );
}
