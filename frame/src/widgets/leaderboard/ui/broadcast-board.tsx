import { resolvePromo } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { promotionQuery } from '../../../entities/promotion/index.ts';
import { tournamentResultsQuery } from '../../../entities/tournament/index.ts';
import { usePlayerCurrency } from '../../../entities/user/index.ts';
import { useLiveStandings } from '../../../features/live-standings/index.ts';
import { getHref } from '../../../shared/config/index.ts';
import { DATE_FORMATS, useZonedFormat } from '../../../shared/lib/format/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { ButtonLink } from '../../../shared/ui/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import section from '../../../shared/ui/mechanic/mechanic.module.css';
import styles from './leaderboard.module.css';
import { Rows } from './rows.tsx';

/** How often a running tournament's standings are read again on a broadcast page. */
export const BROADCAST_REFRESH_MS = 30_000;

/**
 * A broadcast page's standings: the top ten of the tournament it broadcasts (its content's `of`),
 * read again every 30 s while that tournament runs and marked live, its final table once it has
 * ended, with a link to the tournament's own page.
 */
export function BroadcastBoard({ of }: { of: string }) {
  const { t } = useTranslation();
  const userId = useGlobalStore((s) => s.userId);
  const language = useGlobalStore((s) => s.currentLanguage);
  const formatDate = useZonedFormat();
  const currency = usePlayerCurrency();
  const serverKey = resolvePromo(of)?.serverKey ?? of;
  const parent = useQuery(promotionQuery(serverKey, language, currency));
  const live = parent.data?.status === 'active';
  const results = useQuery({
    ...tournamentResultsQuery(parent.data?.id ?? 0, 0, userId),
    enabled: parent.data?.template === 'tournament',
    refetchInterval: live ? BROADCAST_REFRESH_MS : false,
  });
  // Pushed as they change; the 30 s reading stays for a stream that cannot connect.
  useLiveStandings(parent.data?.id ?? 0, live && parent.data?.template === 'tournament');
  const failed = parent.isError ? parent : results.isError ? results : null;
  return (
    <section className={section.box} aria-labelledby="broadcast-title">
      <div className={styles.head}>
        <h2 id="broadcast-title" className={section.title}>
          {t(live ? 'broadcast_live_title' : 'broadcast_final_title')}
        </h2>
        {live && (
          <span className={styles.live} data-testid="broadcast-live">
            {t('broadcast_live')}
          </span>
        )}
      </div>
      {failed && <LoadFailed message={t('tournament_load_failed')} onRetry={() => void failed.refetch()} />}
      {results.data && (
        <>
          <Rows rows={results.data.items} show="points" />
          <p className={section.note} data-testid="broadcast-updated">
            {t('broadcast_updated', {
              time: formatDate(results.dataUpdatedAt, DATE_FORMATS.timeSeconds),
              count: results.data.total,
            })}
          </p>
        </>
      )}
      <div>
        <ButtonLink to={getHref('promotion', { name: of }, language)} variant="secondary">
          {t('broadcast_open_tournament')}
        </ButtonLink>
      </div>
    </section>
  );
}
