import { TOURNAMENT_RESTRICTED_COUNTRIES } from '@promo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PreviewAction } from '../../../entities/promotion/index.ts';
import {
  participateTournament,
  tournamentUserResultQuery,
  tournamentValidationQuery,
} from '../../../entities/tournament/index.ts';
import { ActionError, useIdempotentMutation } from '../../../shared/lib/idempotent-mutation/index.ts';
import { useGlobalStore, usePlayerQuery } from '../../../shared/model/index.ts';
import { Button } from '../../../shared/ui/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { openMessage } from '../../../shared/ui/modal-message/index.ts';
import styles from './join-tournament.module.css';

/**
 * The player's place in a tournament: visitors are asked to sign in; a player who may take part
 * (validateUserForTournaments) joins with one press (Idempotency-Key), then sees place and points.
 * On a console preview page nobody's place is read and joining is off.
 */
export function JoinTournament({
  promotionId,
  active,
  preview,
  onSignIn,
  onJoined,
}: {
  promotionId: number;
  /** False before the start and after the end: no joining then. */
  active: boolean;
  /** A console preview link's token: the page shows a version, and takes no action. */
  preview?: string;
  onSignIn: () => void;
  onJoined: () => void;
}) {
  const { t } = useTranslation();
  const userId = useGlobalStore((s) => s.userId);
  const visitorCountry = useGlobalStore((s) => s.userCountry.code);
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  const queryClient = useQueryClient();
  const mine = usePlayerQuery((player) => tournamentUserResultQuery(promotionId, player), !preview);
  const validation = usePlayerQuery(
    tournamentValidationQuery,
    !preview && active && mine.data?.participating === false,
  );
  const join = useIdempotentMutation({
    mutationFn: (key, _: null) => participateTournament(key, promotionId),
    onSuccess: (result) => {
      if (userId !== null) queryClient.setQueryData(tournamentUserResultQuery(promotionId, userId).queryKey, result);
      onJoined();
      openMessage(
        'tournament-joined',
        t('tournament_joined_title'),
        t('tournament_joined_text', { place: result.place ?? '—' }),
      );
    },
  });

  if (preview) {
    return (
      <div className={styles.box}>
        <PreviewAction label={t('tournament_join')} reason={t('promo_preview_no_actions')} />
      </div>
    );
  }
  if (userId === null) {
    // A visitor from a country the host names where tournaments are not offered: said before sign-in.
    if (visitorCountry !== null && TOURNAMENT_RESTRICTED_COUNTRIES.has(visitorCountry.toUpperCase())) {
      return (
        <div className={styles.box} role="status">
          <p className={styles.text}>{t('tournament_invalid_region')}</p>
        </div>
      );
    }
    return (
      <div className={styles.box}>
        <p className={styles.text}>{t('tournament_sign_in')}</p>
        {hostAvailable && active && <Button onClick={onSignIn}>{t('account_sign_in')}</Button>}
      </div>
    );
  }
  if (mine.isError || validation.isError) {
    return (
      <div className={styles.box}>
        <LoadFailed
          message={t('tournament_load_failed')}
          onRetry={() => void (mine.isError ? mine.refetch() : validation.refetch())}
        />
      </div>
    );
  }
  if (!mine.data) return <div className={styles.box} aria-busy="true" />;
  if (mine.data.participating) {
    return (
      <div className={styles.box} data-testid="tournament-mine">
        <dl className={styles.stats}>
          <div>
            <dt>{t('tournament_your_place')}</dt>
            <dd>{mine.data.place}</dd>
          </div>
          <div>
            <dt>{t('tournament_points')}</dt>
            <dd>{mine.data.points}</dd>
          </div>
          <div>
            <dt>{t('tournament_tickets')}</dt>
            <dd>{mine.data.tickets}</dd>
          </div>
        </dl>
      </div>
    );
  }
  if (!active) return <div className={styles.box}>{t('tournament_not_joined_ended')}</div>;
  if (validation.data && !validation.data.valid) {
    return (
      <div className={styles.box} role="status">
        <p className={styles.text}>
          {t(validation.data.reason === 'no-account' ? 'tournament_invalid_no_account' : 'tournament_invalid_region')}
        </p>
      </div>
    );
  }
  return (
    <div className={styles.box}>
      <p className={styles.text}>{t('tournament_join_text')}</p>
      <Button busy={join.isPending || !validation.data} onClick={() => join.run(null)}>
        {t('tournament_join')}
      </Button>
      <ActionError action={join} className={styles.error} />
    </div>
  );
}
