import type { CasinoGame, GameCollection } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { evaginariumQuery, evasFavoritesQuery } from '../../../entities/promotion/index.ts';
import { allGamesEntrancePath, thirdPartyPath } from '../../../shared/config/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { buttonClass, HostLink } from '../../../shared/ui/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { MechanicSection } from '../../../shared/ui/mechanic/index.ts';
import section from '../../../shared/ui/mechanic/mechanic.module.css';
import styles from './casino-games.module.css';

/** A stable hue per game, so each tile has its own colours without any image. */
const hueOf = (slug: string) =>
  Math.round(([...slug].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 9973, 7) * 137.508) % 360);
/** "Book of Sun" -> "BS": the capitalised words' first letters, two at most. */
const initials = (title: string) => {
  const words = title.split(/\s+/);
  const capitalised = words.filter((word) => /^\p{Lu}/u.test(word));
  return (capitalised.length > 0 ? capitalised : words)
    .slice(0, 2)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, '').charAt(0))
    .join('');
};

function GameTile({ game }: { game: CasinoGame }) {
  const { t } = useTranslation();
  return (
    <li className={styles.tile} style={{ '--hue': hueOf(game.slug) } as React.CSSProperties}>
      <div className={styles.art} aria-hidden="true">
        {initials(game.title)}
      </div>
      <h3 className={styles.title}>{game.title}</h3>
      <p className={styles.meta}>
        {game.provider} · {t('games_rtp', { rtp: game.rtp })}
      </p>
      <HostLink
        target={thirdPartyPath({ section: 'slots', query: { game: game.slug } })}
        className={buttonClass('primary', 'sm')}
      >
        {t('info_play')}
      </HostLink>
    </li>
  );
}

/**
 * The games of a promotion's list: Eva's favourites (with whether the player may take its free
 * spins) or the slots that count in Evaginarium on mobile; each opens on the host site.
 */
export function CasinoGames({ collection }: { collection: GameCollection }) {
  const { t } = useTranslation();
  const userId = useGlobalStore((s) => s.userId);
  const favorites = useQuery({ ...evasFavoritesQuery(userId), enabled: collection === 'evasfavorites' });
  const evaginarium = useQuery({ ...evaginariumQuery(), enabled: collection === 'evaginarium' });
  const query = collection === 'evasfavorites' ? favorites : evaginarium;
  const refused = collection === 'evasfavorites' && favorites.data?.reason === 'region';
  return (
    <MechanicSection id="games" title={t(`games_title_${collection}`)}>
      <p className={section.lead}>{t(`games_lead_${collection}`)}</p>
      {refused && (
        <p className={section.error} role="status">
          {t('games_region')}
        </p>
      )}
      {query.isError && <LoadFailed message={t('games_load_failed')} onRetry={() => void query.refetch()} />}
      {query.data && (
        <ul className={styles.grid} data-testid="casino-games">
          {query.data.games.map((game) => (
            <GameTile key={game.id} game={game} />
          ))}
        </ul>
      )}
      <p>
        <HostLink target={allGamesEntrancePath()} className={buttonClass('secondary', 'sm')}>
          {t('games_all')}
        </HostLink>
      </p>
    </MechanicSection>
  );
}
