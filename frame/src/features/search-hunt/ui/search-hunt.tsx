import { HUNT_SEARCHES_PER_DAY, type HuntBoard, type HuntSearchResult } from '@promo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { huntBoardQuery, searchHunt } from '../../../entities/hunt/index.ts';
import { PreviewAction, usePrizeLabel } from '../../../entities/promotion/index.ts';
import { ActionError, useIdempotentMutation } from '../../../shared/lib/idempotent-mutation/index.ts';
import { useGlobalStore, useReaderId } from '../../../shared/model/index.ts';
import { Button } from '../../../shared/ui/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { type ActionProps, MechanicSection } from '../../../shared/ui/mechanic/index.ts';
import section from '../../../shared/ui/mechanic/mechanic.module.css';
import { openMessage } from '../../../shared/ui/modal-message/index.ts';
import { CollectibleArt, type CollectibleKind, collectibleKind } from './collectible-art.tsx';
import styles from './search-hunt.module.css';

type Progress = NonNullable<HuntBoard['me']>;

/** The set: a piece per collectible, the player's in colour, the missing ones as silhouettes. */
function Album({ kind, setSize, collected }: { kind: CollectibleKind; setSize: number; collected: number[] }) {
  const { t } = useTranslation();
  const item = t(`hunt_item_${kind}`);
  return (
    <ul className={styles.album} aria-label={t('hunt_album')} data-testid="hunt-album">
      {Array.from({ length: setSize }, (_, index) => {
        const have = collected.includes(index);
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the set's pieces are fixed positions
            key={index}
            className={styles.piece}
            data-have={have}
            aria-label={t(have ? 'hunt_piece_have' : 'hunt_piece_missing', { item, number: index + 1 })}
          >
            <CollectibleArt kind={kind} index={index} missing={!have} />
            <span className={styles.pieceNumber} aria-hidden="true">
              {index + 1}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** What a search found, said as a popup (nothing found is said on the board only). */
function announce(t: TFunction, kind: CollectibleKind, result: HuntSearchResult) {
  if (result.found === null) return;
  const values = { item: t(`hunt_item_${kind}`), number: result.found + 1 };
  const completion = result.board.me?.completion;
  if (result.completed && completion) {
    openMessage('hunt-complete', t('hunt_complete_title'), t('hunt_complete_text', { place: completion.place }));
  } else if (result.duplicate) {
    openMessage('hunt-found', t('hunt_found_title'), t('hunt_found_duplicate', values));
  } else {
    openMessage('hunt-found', t('hunt_found_title'), t('hunt_found_new', values));
  }
}

/** Today's spots: closed ones are buttons while searches are left; open ones show what they held. */
function TodayBoard({
  promotionId,
  userId,
  kind,
  progress,
  renderCountdown,
}: {
  promotionId: number;
  userId: number;
  kind: CollectibleKind;
  progress: Progress;
  renderCountdown: (targetMs: number, onEnd: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [last, setLast] = useState<HuntSearchResult | null>(null);
  const search = useIdempotentMutation({
    mutationFn: (key, spot: number) => searchHunt(key, promotionId, spot),
    onSuccess: (result) => {
      queryClient.setQueryData(huntBoardQuery(promotionId, userId).queryKey, result.board);
      setLast(result);
      announce(t, kind, result);
    },
  });
  const spent = progress.searchesLeft === 0;
  return (
    <div className={section.panel}>
      <p className={section.note} data-testid="hunt-searches-left">
        {t('hunt_searches_left', { count: progress.searchesLeft, total: HUNT_SEARCHES_PER_DAY })}
      </p>
      <fieldset className={styles.board}>
        <legend className={styles.legend}>{t('hunt_board')}</legend>
        <div className={styles.spots}>
          {progress.spots.map((spot, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the board's spots are fixed positions
              key={index}
              type="button"
              className={styles.spot}
              data-opened={spot.opened}
              disabled={spot.opened || spent || search.isPending}
              aria-label={
                spot.opened
                  ? spot.collectible === null
                    ? t('hunt_spot_empty', { number: index + 1 })
                    : t('hunt_spot_found', {
                        number: index + 1,
                        item: t(`hunt_item_${kind}`),
                        piece: spot.collectible + 1,
                      })
                  : t('hunt_spot_closed', { number: index + 1 })
              }
              onClick={() => search.run(index)}
            >
              {spot.opened && spot.collectible !== null && <CollectibleArt kind={kind} index={spot.collectible} />}
            </button>
          ))}
        </div>
      </fieldset>
      <p className={section.note} role="status" data-testid="hunt-last">
        {last && last.found === null ? t('hunt_nothing_here') : ''}
      </p>
      <ActionError action={search} className={section.error} />
      {spent &&
        renderCountdown(
          progress.nextAt * 1000,
          () => void queryClient.invalidateQueries({ queryKey: huntBoardQuery(promotionId, userId).queryKey }),
        )}
    </div>
  );
}

/**
 * Collection hunt: the set to collect and how many players have completed it; a player's album,
 * their place once complete and, while the hunt runs, today's board of spots to open. On a console
 * preview page (`preview`: its link's token) the previewed version's hunt as a visitor sees it,
 * with no board to open.
 */
export function SearchHunt({
  promotionId,
  preview,
  collectible,
  onSignIn,
  renderCountdown,
}: Pick<ActionProps, 'promotionId' | 'onSignIn' | 'renderCountdown'> & { collectible: unknown; preview?: string }) {
  const { t } = useTranslation();
  const userId = useReaderId(preview);
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  const prizeLabel = usePrizeLabel();
  const kind = collectibleKind(collectible);
  const board = useQuery(huntBoardQuery(promotionId, userId, preview));
  const data = board.data;
  const me = data?.me ?? null;
  const completion = me?.completion ?? null;
  return (
    <MechanicSection id="hunt" title={t('hunt_title', { item: t(`hunt_item_${kind}`) })}>
      {/* Said once the set's size is known: not "find all 0 pieces" while it loads or if it fails. */}
      {data && (
        <p className={section.lead}>{t('hunt_lead', { count: data.setSize, searches: HUNT_SEARCHES_PER_DAY })}</p>
      )}
      {board.isError && <LoadFailed message={t('hunt_load_failed')} onRetry={() => void board.refetch()} />}
      {data && (
        <>
          <Album kind={kind} setSize={data.setSize} collected={me?.collected ?? []} />
          {me && (
            <p className={styles.progress} data-testid="hunt-progress">
              {t('hunt_progress', { count: me.collected.length, total: data.setSize })}
            </p>
          )}
          {completion && (
            <p className={styles.completion} role="status" data-testid="hunt-completion">
              {completion.prize
                ? t('hunt_completed_prize', { place: completion.place, prize: prizeLabel(completion.prize) })
                : t('hunt_completed', { place: completion.place })}
            </p>
          )}
          <p className={section.note}>{t('hunt_completed_count', { count: data.completedCount })}</p>
          {preview ? (
            <PreviewAction reason={t('promo_preview_no_actions')} />
          ) : userId === null ? (
            data.status === 'active' && (
              <div className={section.row}>
                <p className={section.note}>{t('hunt_sign_in')}</p>
                {hostAvailable && <Button onClick={onSignIn}>{t('account_sign_in')}</Button>}
              </div>
            )
          ) : (
            me &&
            data.status === 'active' &&
            !completion && (
              <TodayBoard
                promotionId={promotionId}
                userId={userId}
                kind={kind}
                progress={me}
                renderCountdown={renderCountdown}
              />
            )
          )}
        </>
      )}
    </MechanicSection>
  );
}
