import type { LeaderboardRow } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import styles from './leaderboard.module.css';

/** Leaderboard rows: place (the podium marked), player (the player's own row marked), points or tickets. */
export function Rows({ rows, show }: { rows: readonly LeaderboardRow[]; show: 'points' | 'tickets' }) {
  const { t } = useTranslation();
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t('tournament_place')}</th>
          <th scope="col">{t('tournament_player')}</th>
          <th scope="col" className={styles.num}>
            {t(show === 'points' ? 'tournament_points' : 'tournament_tickets')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.place} className={row.isMe ? styles.me : undefined} data-place={row.place}>
            <td>
              <span className={styles.place} data-top={row.place <= 3 ? row.place : undefined}>
                {row.place}
              </span>
            </td>
            <td>{row.isMe ? t('tournament_you', { name: row.name }) : row.name}</td>
            <td className={styles.num}>{show === 'points' ? row.points : row.tickets}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
