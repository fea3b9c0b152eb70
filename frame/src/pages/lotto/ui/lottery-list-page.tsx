import {
  drawBucket,
  LOTTERIES,
  LOTTERY_SORTS,
  type LotterySort,
  type LotterySummary,
  lotteryEmblemPath,
  SALES_CLOSE_MS,
  sortLotteries,
} from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lottoAvailableQuery } from '../../../entities/lottery/index.ts';
import { usePlayerCurrency } from '../../../entities/user/index.ts';
import { getHref } from '../../../shared/config/index.ts';
import { DATE_FORMATS, formatMoney, useZonedFormat } from '../../../shared/lib/format/index.ts';
import { useFirstContentMark, useRenderNow } from '../../../shared/lib/rendering/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { ArtBackground } from '../../../shared/ui/art/index.ts';
import { Countdown } from '../../../shared/ui/countdown/index.ts';
import { ButtonLink } from '../../../shared/ui/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { Skeleton, useLoading } from '../../../shared/ui/skeleton/index.ts';
import styles from './lotto.module.css';

const SKELETONS = ['first', 'second', 'third', 'fourth'];

function LotteryCard({ lottery, onDrawn }: { lottery: LotterySummary; onDrawn: () => void }) {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const formatDate = useZonedFormat();
  const { name, country } = LOTTERIES[lottery.code];
  const drawAtMs = lottery.nextDrawAt * 1000;
  const bucket = drawBucket(drawAtMs, useRenderNow());
  return (
    <li className={styles.card} data-code={lottery.code}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>
          <ArtBackground src={lotteryEmblemPath(lottery.code)} className={styles.emblem} />
          {name}
        </h2>
        <span className={styles.country}>{country}</span>
      </div>
      <p className={styles.jackpot}>
        <span className={styles.jackpotLabel}>{t('lotto_jackpot')}</span>
        <span data-testid="lotto-jackpot">
          {formatMoney(lottery.jackpot.amount, lottery.jackpot.currencyCode, language, 0)}
        </span>
      </p>
      <p className={styles.drawLine}>
        <span className={styles.bucket} data-bucket={bucket}>
          {t(`lotto_bucket_${bucket.replace(/[^0-9a-z]/g, '_')}`)}
        </span>
        <span data-testid="lotto-draw-at">
          {t('lotto_draw_at', { date: formatDate(drawAtMs, DATE_FORMATS.dayMonthTime) })}
        </span>
      </p>
      <Countdown targetMs={drawAtMs - SALES_CLOSE_MS} label={t('lotto_sales_close_in')} onEnd={onDrawn} />
      <p className={styles.price}>
        {t('lotto_line_price', {
          price: formatMoney(lottery.linePrice.amount, lottery.linePrice.currencyCode, language),
        })}
      </p>
      <div className={styles.cardActions}>
        <ButtonLink to={getHref('lottoGame', { lottoId: lottery.code }, language)}>{t('lotto_play')}</ButtonLink>
        <ButtonLink to={getHref('lottoInfo', { lottoId: lottery.code }, language)} variant="secondary">
          {t('lotto_info')}
        </ButtonLink>
      </div>
    </li>
  );
}

/** Spec 2 lotto main: every lottery on sale, sortable by popularity, draw date or jackpot. */
export function LotteryListPage() {
  const { t } = useTranslation();
  const sortId = useId();
  const userId = useGlobalStore((s) => s.userId);
  const currency = usePlayerCurrency();
  const [sort, setSort] = useState<LotterySort>('POPULARITY');
  const available = useQuery(lottoAvailableQuery(userId, currency));
  const { loading, drawn } = useLoading(available.isPending);
  const lotteries = available.data && !loading ? sortLotteries(available.data.lotteries, sort) : [];
  useFirstContentMark(lotteries.length > 0);
  return (
    <>
      <header className={styles.pageHead}>
        <h1 className={styles.title}>{t('lotto_title')}</h1>
        <div className={styles.sort}>
          <label htmlFor={sortId}>{t('lotto_sort')}</label>
          <select id={sortId} value={sort} onChange={(event) => setSort(event.target.value as LotterySort)}>
            {LOTTERY_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`lotto_sort_${value.toLowerCase()}`)}
              </option>
            ))}
          </select>
        </div>
      </header>
      {available.isError && <LoadFailed message={t('lotto_load_failed')} onRetry={() => void available.refetch()} />}
      <ul className={styles.cards} data-testid="lottery-list" aria-busy={loading}>
        {loading &&
          // Placeholders of the cards' size, so nothing below moves when the list arrives.
          SKELETONS.map((key) => <Skeleton key={key} as="li" className={styles.skeleton} drawn={drawn} />)}
        {lotteries.map((lottery) => (
          <LotteryCard key={lottery.code} lottery={lottery} onDrawn={() => void available.refetch()} />
        ))}
      </ul>
    </>
  );
}
