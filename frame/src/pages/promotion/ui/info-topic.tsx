import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { luckyDrawQuery } from '../../../entities/lucky-day/index.ts';
import { usePrizeLabel } from '../../../entities/promotion/index.ts';
import { tournamentResultsQuery } from '../../../entities/tournament/index.ts';
import { fastGamesPath, getHref, informationPath, thirdPartyPath } from '../../../shared/config/index.ts';
import { useRenderNow } from '../../../shared/lib/rendering/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { ButtonLink, buttonClass, HostLink, type HostTarget } from '../../../shared/ui/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import section from '../../../shared/ui/mechanic/mechanic.module.css';
import styles from './info-topic.module.css';

const DAY_MS = 86_400_000;
/** The draw and the tournament whose latest winners the winners page shows. */
const LUCKY_DAY_ID = 116;
const DAILY_TOURNAMENT_ID = 104;

/** Sections of the site an information page leads to: dictionary stem and host target. */
const GAME_CARDS: Record<'casino' | 'live-casino', ReadonlyArray<{ key: string; target: HostTarget }>> = {
  casino: [
    { key: 'slots', target: thirdPartyPath({ section: 'slots' }) },
    { key: 'live', target: thirdPartyPath({ section: 'liveCasino' }) },
    { key: 'fast', target: fastGamesPath() },
    { key: 'crash', target: thirdPartyPath({ section: 'crashGames' }) },
  ],
  'live-casino': [
    { key: 'roulette', target: thirdPartyPath({ section: 'liveCasino', query: { category: 'roulette' } }) },
    { key: 'blackjack', target: thirdPartyPath({ section: 'liveCasino', query: { category: 'blackjack' } }) },
    { key: 'baccarat', target: thirdPartyPath({ section: 'liveCasino', query: { category: 'baccarat' } }) },
    { key: 'shows', target: thirdPartyPath({ section: 'liveCasino', query: { category: 'game-shows' } }) },
  ],
};

function GameCards({ topic }: { topic: 'casino' | 'live-casino' }) {
  const { t } = useTranslation();
  const id = topic.replace('-', '_');
  return (
    <section className={section.box} aria-labelledby="info-topic-title">
      <h2 id="info-topic-title" className={section.title}>
        {t(`info_${id}_title`)}
      </h2>
      <ul className={styles.cards}>
        {GAME_CARDS[topic].map(({ key, target }) => (
          <li key={key} className={styles.card} data-kind={key}>
            <h3 className={styles.cardTitle}>{t(`info_game_${key}_title`)}</h3>
            <p className={section.note}>{t(`info_game_${key}_text`)}</p>
            <HostLink target={target} className={buttonClass('secondary', 'sm')}>
              {t('info_play')}
            </HostLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

const LICENCE_FACTS = ['operator', 'number', 'regulator', 'address'] as const;

/** A licence number ("OGL/2024/118/0042") may break after its slashes, never inside a part. */
function breakAfterSlashes(text: string): ReactNode[] {
  const parts = text.split('/');
  return parts.flatMap((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never move.
    i < parts.length - 1 ? [`${part}/`, <wbr key={i} />] : [part],
  );
}

function Licence() {
  const { t } = useTranslation();
  return (
    <section className={section.box} aria-labelledby="info-topic-title">
      <h2 id="info-topic-title" className={section.title}>
        {t('info_licence_title')}
      </h2>
      <dl className={section.facts}>
        {LICENCE_FACTS.map((fact) => (
          <div key={fact}>
            <dt>{t(`info_licence_${fact}_label`)}</dt>
            <dd>{fact === 'number' ? breakAfterSlashes(t(`info_licence_${fact}`)) : t(`info_licence_${fact}`)}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.responsible}>
        <span className={styles.age} aria-hidden="true">
          18+
        </span>
        <p className={section.note}>{t('info_licence_responsible')}</p>
      </div>
      <div>
        <HostLink target={informationPath('responsible-gaming')} className={buttonClass('secondary', 'sm')}>
          {t('info_licence_responsible_link')}
        </HostLink>
      </div>
    </section>
  );
}

/** The latest winners the site has: yesterday's lucky draw and the daily tournament's podium. */
function Winners() {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const prizeLabel = usePrizeLabel();
  const yesterday = new Date(useRenderNow() - DAY_MS).toISOString().slice(0, 10);
  const draw = useQuery(luckyDrawQuery(LUCKY_DAY_ID, yesterday, null));
  const podium = useQuery(tournamentResultsQuery(DAILY_TOURNAMENT_ID, 0, null));
  const failed = draw.isError ? draw : podium.isError ? podium : null;
  return (
    <section className={section.box} aria-labelledby="info-topic-title">
      <h2 id="info-topic-title" className={section.title}>
        {t('info_winners_title')}
      </h2>
      {failed && <LoadFailed message={t('info_winners_failed')} onRetry={() => void failed.refetch()} />}
      <div className={styles.columns}>
        <div className={styles.column}>
          <h3 className={styles.cardTitle}>{t('info_winners_lucky')}</h3>
          <ol className={styles.winners} data-testid="winners-lucky">
            {draw.data?.winners.slice(0, 5).map((winner) => (
              <li key={winner.ticketId}>
                <span>{winner.place}</span>
                <span>{winner.name}</span>
                <span className={styles.prize}>{prizeLabel(winner.prize)}</span>
              </li>
            ))}
          </ol>
          <ButtonLink to={getHref('promotion', { name: 'luckyday' }, language)} variant="secondary">
            {t('info_winners_lucky_link')}
          </ButtonLink>
        </div>
        <div className={styles.column}>
          <h3 className={styles.cardTitle}>{t('info_winners_tournament')}</h3>
          <ol className={styles.winners} data-testid="winners-tournament">
            {podium.data?.items.slice(0, 3).map((row) => (
              <li key={row.place}>
                <span>{row.place}</span>
                <span>{row.name}</span>
                <span className={styles.prize}>{t('info_winners_points', { points: row.points })}</span>
              </li>
            ))}
          </ol>
          <ButtonLink to={getHref('promotion', { name: 'daily-tournament' }, language)} variant="secondary">
            {t('info_winners_tournament_link')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

/** The content of an information page by its topic option (a page without one has none). */
export function InfoTopic({ topic }: { topic: unknown }) {
  switch (topic) {
    case 'casino':
    case 'live-casino':
      return <GameCards topic={topic} />;
    case 'licence':
      return <Licence />;
    case 'winners':
      return <Winners />;
    default:
      return null;
  }
}
