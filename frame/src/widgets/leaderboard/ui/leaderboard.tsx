import { RATING_PERIODS, type RatingPeriod, TOURNAMENT_PAGE_SIZE } from '@promo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ticketRatingQuery, tournamentQuery, tournamentResultsQuery } from '../../../entities/tournament/index.ts';
import { JoinTournament } from '../../../features/join-tournament/index.ts';
import { refreshStandings, useLiveStandings } from '../../../features/live-standings/index.ts';
import { useReaderId } from '../../../shared/model/index.ts';
import { Button } from '../../../shared/ui/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import section from '../../../shared/ui/mechanic/mechanic.module.css';
import { Tabs } from '../../../shared/ui/tabs/index.ts';
import styles from './leaderboard.module.css';
import { Rows } from './rows.tsx';

type View = 'points' | RatingPeriod;

/**
 * A tournament's leaderboard: the whole tournament by points, paged by 10, or the rating by
 * tickets of today, this week or all time; the player's own standing and joining sit on top. On a
 * console preview page (`preview`: its link's token) the previewed version's board as a visitor
 * sees it, read once (no live stream), and joining is off.
 */
export function Leaderboard({
  promotionId,
  preview,
  onSignIn,
}: {
  promotionId: number;
  preview?: string;
  onSignIn: () => void;
}) {
  const { t } = useTranslation();
  const userId = useReaderId(preview);
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>('points');
  const [page, setPage] = useState(0);
  const tabsId = useId();
  const info = useQuery(tournamentQuery(promotionId, preview));
  const results = useQuery({
    ...tournamentResultsQuery(promotionId, page, userId, preview),
    enabled: view === 'points',
  });
  const rating = useQuery({
    ...ticketRatingQuery(promotionId, view === 'points' ? 'all' : view, userId, preview),
    enabled: view !== 'points',
  });
  const current = view === 'points' ? results : rating;
  const pages = results.data ? Math.max(1, Math.ceil(results.data.total / TOURNAMENT_PAGE_SIZE)) : 1;
  const onJoined = () => refreshStandings(queryClient, promotionId);
  const live = useLiveStandings(promotionId, info.data?.status === 'active' && !preview);
  const views: View[] = ['points', ...RATING_PERIODS];

  return (
    <section className={section.box} aria-labelledby={`${tabsId}-title`}>
      <div className={styles.head}>
        <h2 id={`${tabsId}-title`} className={section.title}>
          {t('tournament_leaderboard')}
        </h2>
        {/* Held in place while the stream connects, so its arrival moves nothing. */}
        <span className={styles.live} data-testid="tournament-live" data-off={live ? undefined : ''}>
          {t('broadcast_live')}
        </span>
        {info.data && (
          <p className={styles.count} data-testid="tournament-participants">
            {t('tournament_participants', { count: info.data.participants })}
          </p>
        )}
      </div>
      <JoinTournament
        promotionId={promotionId}
        active={info.data?.status === 'active'}
        preview={preview}
        onSignIn={onSignIn}
        onJoined={onJoined}
      />
      <Tabs
        label={t('tournament_leaderboard')}
        items={views.map((v) => ({ key: v, label: t(`tournament_view_${v}`) }))}
        selected={view}
        onSelect={setView}
        busy={current.isFetching}
        classNames={{ list: styles.tabs, tab: styles.tab, panel: styles.panel }}
      >
        {current.isError && <LoadFailed message={t('tournament_load_failed')} onRetry={() => void current.refetch()} />}
        {view === 'points' && results.data && <Rows rows={results.data.items} show="points" />}
        {view !== 'points' &&
          rating.data &&
          (rating.data.items.length > 0 ? (
            <Rows rows={rating.data.items} show="tickets" />
          ) : (
            <p className={styles.empty}>{t('tournament_rating_empty')}</p>
          ))}
      </Tabs>
      {view === 'points' && results.data && pages > 1 && (
        <nav className={styles.pager} aria-label={t('tournament_pages')}>
          <Button
            size="sm"
            variant="secondary"
            disabled={page === 0}
            onClick={() => setPage((p) => Math.max(0, p - 1))}
          >
            {t('tournament_prev')}
          </Button>
          <span data-testid="tournament-page">{t('tournament_page_of', { page: page + 1, pages })}</span>
          <Button
            size="sm"
            variant="secondary"
            disabled={page + 1 >= pages}
            onClick={() => setPage((p) => Math.min(pages - 1, p + 1))}
          >
            {t('tournament_next')}
          </Button>
        </nav>
      )}
    </section>
  );
}
