import { isLotteryCode, LOTTERIES, LOTTO_PAST_DRAWS, SALES_CLOSE_MS } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Balls, lotteryDrawsQuery } from '../../../entities/lottery/index.ts';
import { usePlayerCurrency } from '../../../entities/user/index.ts';
import { WatchDraw } from '../../../features/watch-draw/index.ts';
import { getHref } from '../../../shared/config/index.ts';
import { DATE_FORMATS, formatMoney, useZonedFormat } from '../../../shared/lib/format/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { Countdown } from '../../../shared/ui/countdown/index.ts';
import { ButtonLink } from '../../../shared/ui/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { Skeleton, useLoading } from '../../../shared/ui/skeleton/index.ts';
import styles from './lotto.module.css';

/** One placeholder per past draw the server lists. */
const PAST_DRAW_PLACEHOLDERS = Array.from({ length: LOTTO_PAST_DRAWS }, (_, i) => `past-draw-${i + 1}`);

/** Spec 2 draws of one lottery: the open draw with its countdown, then the latest results. */
export function DrawsPage() {
  const { t } = useTranslation();
  const { lottoId = '' } = useParams();
  const code = isLotteryCode(lottoId) ? lottoId : 'powerball';
  const userId = useGlobalStore((s) => s.userId);
  const language = useGlobalStore((s) => s.currentLanguage);
  const formatDate = useZonedFormat();
  const currency = usePlayerCurrency();
  const draws = useQuery(lotteryDrawsQuery(code, userId, currency));
  const { loading, drawn } = useLoading(draws.isPending);
  const [open, ...past] = (loading ? undefined : draws.data?.draws) ?? [];
  return (
    <>
      <h1 className={styles.title}>{t('lotto_draws_title', { name: LOTTERIES[code].name })}</h1>
      {draws.isError && <LoadFailed message={t('lotto_load_failed')} onRetry={() => void draws.refetch()} />}
      {loading && <Skeleton className={styles.nextSkeleton} drawn={drawn} />}
      {open?.status === 'open' && (
        <section className={styles.next} aria-labelledby="next-draw">
          <h2 id="next-draw" className={styles.subtitle}>
            {t('lotto_next_draw', { date: formatDate(open.drawAt * 1000, DATE_FORMATS.dayMonthTime) })}
          </h2>
          <p className={styles.jackpot}>
            <span className={styles.jackpotLabel}>{t('lotto_jackpot')}</span>
            <span>{formatMoney(open.jackpot.amount, open.jackpot.currencyCode, language, 0)}</span>
          </p>
          <Countdown
            targetMs={open.drawAt * 1000 - SALES_CLOSE_MS}
            label={t('lotto_sales_close_in')}
            onEnd={() => void draws.refetch()}
          />
          <div>
            <ButtonLink to={getHref('lottoGame', { lottoId: code }, language)}>{t('lotto_play')}</ButtonLink>
          </div>
        </section>
      )}
      <ol className={styles.rows} data-testid="lotto-draws" aria-busy={loading}>
        {loading &&
          // The server's page of past draws: the footer starts where the list will end.
          PAST_DRAW_PLACEHOLDERS.map((key) => (
            <Skeleton key={key} as="li" className={styles.rowSkeleton} drawn={drawn} />
          ))}
        {past.map((draw) => (
          <li key={draw.id} className={styles.row}>
            <div className={styles.rowHead}>
              <span className={styles.rowTitle}>{formatDate(draw.drawAt * 1000, DATE_FORMATS.date)}</span>
              <span className={styles.muted}>
                {t('lotto_jackpot')}: {formatMoney(draw.jackpot.amount, draw.jackpot.currencyCode, language, 0)}
              </span>
            </div>
            {draw.result && (
              <div className={styles.rowResult}>
                <Balls line={draw.result} size="sm" />
                <WatchDraw
                  line={draw.result}
                  title={`${LOTTERIES[code].name} · ${t('lotto_replay_title', { date: formatDate(draw.drawAt * 1000, DATE_FORMATS.date) })}`}
                />
              </div>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
