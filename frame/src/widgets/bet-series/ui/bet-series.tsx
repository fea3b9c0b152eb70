import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { betSeriesQuery } from '../../../entities/lucky-day/index.ts';
import { usePrizeLabel } from '../../../entities/promotion/index.ts';
import { useReaderId } from '../../../shared/model/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { MechanicSection } from '../../../shared/ui/mechanic/index.ts';
import section from '../../../shared/ui/mechanic/mechanic.module.css';
import styles from './bet-series.module.css';

/**
 * Spec 7 bet-series table: free bets by the length of a winning streak, as a ladder; a player sees
 * the current streak climbing it and the best streak so far. On a console preview page (`preview`:
 * its link's token) the previewed version's ladder as a visitor sees it.
 */
export function BetSeries({ promotionId, preview }: { promotionId: number; preview?: string }) {
  const { t } = useTranslation();
  const userId = useReaderId(preview);
  const prizeLabel = usePrizeLabel();
  const { data, isError, refetch } = useQuery(betSeriesQuery(promotionId, userId, preview));
  const current = data?.progress?.current ?? 0;
  return (
    <MechanicSection id="series" title={t('series_title')}>
      {isError && <LoadFailed message={t('series_load_failed')} onRetry={() => void refetch()} />}
      {data?.progress && (
        <p className={styles.progress} data-testid="series-progress">
          {t('series_progress', { current: data.progress.current, best: data.progress.best })}
        </p>
      )}
      {data && (
        <ol className={styles.ladder}>
          {data.steps.map((step) => (
            <li key={step.wins} data-reached={current >= step.wins || undefined}>
              <span className={styles.wins}>{t('series_wins', { count: step.wins })}</span>
              <span className={styles.meter} aria-hidden="true">
                <span style={{ inlineSize: `${Math.min(100, (current / step.wins) * 100)}%` }} />
              </span>
              <span className={styles.prize}>{prizeLabel(step.prize)}</span>
            </li>
          ))}
        </ol>
      )}
      {userId === null && data && <p className={section.note}>{t('series_sign_in')}</p>}
    </MechanicSection>
  );
}
