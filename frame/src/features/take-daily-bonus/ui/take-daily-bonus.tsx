import type { DailyTakeKind } from '@promo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dailyTakeQuery, takeDaily } from '../../../entities/bonus/index.ts';
import { PreviewAction } from '../../../entities/promotion/index.ts';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { formatMoney } from '../../../shared/lib/format/index.ts';
import { ActionError, useIdempotentMutation } from '../../../shared/lib/idempotent-mutation/index.ts';
import { useGlobalStore, usePlayerQuery } from '../../../shared/model/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { type ActionProps, MechanicSection, SignInPrompt } from '../../../shared/ui/mechanic/index.ts';
import styles from '../../../shared/ui/mechanic/mechanic.module.css';
import { openMessage, useAskFirst } from '../../../shared/ui/modal-message/index.ts';

/**
 * Spec 7 daily free bet or free spins: the player takes one of the two each day (the server
 * refuses a second); the player confirms the take once, each confirmed take is one Idempotency-Key,
 * a popup says it is done, and the page
 * then counts down to the next day's offer (the page passes its countdown widget in). On a console
 * preview page (`preview`: its link's token) nobody's gift is read and taking is off.
 */
export function TakeDailyBonus({
  preview,
  onSignIn,
  renderCountdown,
}: Pick<ActionProps, 'onSignIn' | 'renderCountdown'> & { preview?: string }) {
  const { t } = useTranslation();
  const userId = useGlobalStore((s) => s.userId);
  const language = useGlobalStore((s) => s.currentLanguage);
  const queryClient = useQueryClient();
  const state = usePlayerQuery(dailyTakeQuery, !preview);
  const take = useIdempotentMutation({
    mutationFn: (key, kind: DailyTakeKind) => takeDaily(key, kind),
    onSuccess: (next, kind) => {
      if (userId !== null) queryClient.setQueryData(dailyTakeQuery(userId).queryKey, next);
      const text =
        kind === 'freebet'
          ? t('daily_taken_freebet', {
              amount: formatMoney(next.freebet.amount, next.freebet.currencyCode, language),
            })
          : t('daily_taken_freespin', { count: next.freespin.count, game: next.freespin.game });
      openMessage('daily-bonus-taken', t('daily_taken_title'), text);
      hostBridge.send('notification', { kind: 'win', text });
    },
  });

  const askFirst = useAskFirst();
  const data = state.data;
  const taken = data?.taken ?? null;
  return (
    <MechanicSection id="daily" title={t('daily_title')}>
      {preview ? (
        <PreviewAction reason={t('promo_preview_no_actions')} />
      ) : userId === null ? (
        <SignInPrompt text={t('daily_sign_in')} onSignIn={onSignIn} />
      ) : (
        <p className={styles.lead}>{t('daily_lead')}</p>
      )}
      {state.isError && <LoadFailed message={t('daily_load_failed')} onRetry={() => void state.refetch()} />}
      {data && (
        <div className={styles.cards}>
          {(['freebet', 'freespin'] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              className={styles.card}
              data-kind={kind}
              aria-pressed={taken?.kind === kind}
              disabled={taken !== null || take.isPending}
              onClick={() =>
                void askFirst(
                  {
                    name: 'daily-bonus-confirm',
                    title: t('daily_confirm_title'),
                    text:
                      kind === 'freebet'
                        ? t('daily_confirm_freebet', {
                            amount: formatMoney(data.freebet.amount, data.freebet.currencyCode, language),
                          })
                        : t('daily_confirm_freespin', { count: data.freespin.count, game: data.freespin.game }),
                    confirm: t('confirm_take'),
                  },
                  () => take.run(kind),
                )
              }
            >
              <span className={styles.cardTitle}>{t(`daily_kind_${kind}`)}</span>
              <span className={styles.amount}>
                {kind === 'freebet'
                  ? formatMoney(data.freebet.amount, data.freebet.currencyCode, language)
                  : t('daily_freespins', { count: data.freespin.count })}
              </span>
              <span className={styles.terms}>
                {kind === 'freebet'
                  ? t('daily_freebet_terms')
                  : t('daily_freespin_terms', { game: data.freespin.game })}
              </span>
              {taken?.kind === kind && <span className={styles.badge}>{t('daily_taken_badge')}</span>}
            </button>
          ))}
        </div>
      )}
      {data && taken && (
        <div data-testid="daily-next">{renderCountdown(data.nextAt * 1000, () => void state.refetch())}</div>
      )}
      <ActionError action={take} className={styles.error} />
    </MechanicSection>
  );
}
