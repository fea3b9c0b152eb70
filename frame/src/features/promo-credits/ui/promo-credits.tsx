import type { PromoCredit, PromoMechanic } from '@promo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { claimReward, promoCreditsQuery } from '../../../entities/promo-credit/index.ts';
import { PreviewAction } from '../../../entities/promotion/index.ts';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { DATE_FORMATS, formatMoney, useZonedFormat } from '../../../shared/lib/format/index.ts';
import { ActionError, useIdempotentMutation } from '../../../shared/lib/idempotent-mutation/index.ts';
import { useGlobalStore, usePlayerQuery } from '../../../shared/model/index.ts';
import { Button } from '../../../shared/ui/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { type ActionProps, MechanicSection, SignInPrompt } from '../../../shared/ui/mechanic/index.ts';
import styles from '../../../shared/ui/mechanic/mechanic.module.css';
import { openMessage, useAskFirst } from '../../../shared/ui/modal-message/index.ts';

/**
 * What a settled-bets promotion did for the player, from the server: the risk-free bet's cover,
 * double chance's refunds, the loss refund's running week and credited weeks, the verification
 * reward (taken after one confirmation). The bets themselves are placed on the host site.
 * renderLink: the host's identity check, for an account not verified yet. On a console preview page
 * (`preview`: its link's token) nobody's credits are read and the claim is off.
 */
export function PromoCredits({
  promotionId,
  mechanic,
  preview,
  onSignIn,
  renderLink: renderVerify,
}: Pick<ActionProps, 'promotionId' | 'onSignIn' | 'renderLink'> & { mechanic: PromoMechanic; preview?: string }) {
  const { t } = useTranslation();
  const userId = useGlobalStore((s) => s.userId);
  const language = useGlobalStore((s) => s.currentLanguage);
  const formatDate = useZonedFormat();
  const queryClient = useQueryClient();
  const state = usePlayerQuery((player) => promoCreditsQuery(player, promotionId), !preview);
  const money = (amount: string, currencyCode: string) => formatMoney(amount, currencyCode, language);
  const claim = useIdempotentMutation({
    mutationFn: (key, _: null) => claimReward(key, promotionId),
    onSuccess: (next) => {
      if (userId !== null) queryClient.setQueryData(promoCreditsQuery(userId, promotionId).queryKey, next);
      const taken = next.items.find((item) => item.reason === 'claim');
      const text = taken ? t('credits_claimed', { amount: money(taken.amount, taken.currencyCode) }) : '';
      openMessage('reward-claimed', t('credits_claimed_title'), text);
      hostBridge.send('notification', { kind: 'win', text });
    },
  });
  const askFirst = useAskFirst();
  const askAndClaim = () =>
    askFirst(
      {
        name: 'reward-confirm',
        title: t('credits_confirm_title'),
        text: t('credits_confirm_text'),
        confirm: t('confirm_take'),
      },
      () => claim.run(null),
    );
  const creditLine = (item: PromoCredit) =>
    t(`credits_line_${item.reason.replace('-', '_')}`, {
      amount: money(item.amount, item.currencyCode),
      date: formatDate(item.creditedAt * 1000, DATE_FORMATS.date),
      week: item.weekOf === null ? '' : formatDate(item.weekOf * 1000, DATE_FORMATS.dayMonth),
    });

  const data = state.data;
  return (
    <MechanicSection id="credits" title={t('credits_title')}>
      {preview ? (
        <PreviewAction
          label={mechanic === 'identification-bonus' ? t('credits_claim') : undefined}
          reason={t('promo_preview_no_actions')}
        />
      ) : (
        userId === null && <SignInPrompt text={t('credits_sign_in')} onSignIn={onSignIn} />
      )}
      {state.isError && <LoadFailed message={t('credits_load_failed')} onRetry={() => void state.refetch()} />}
      {data?.cover && (
        <p className={styles.lead} data-testid="credits-status">
          {t(`credits_cover_${data.cover}`)}
        </p>
      )}
      {mechanic === 'double-chance' && data && (
        <p className={styles.lead} data-testid="credits-status">
          {t(data.items.length > 0 ? 'credits_one_leg_some' : 'credits_one_leg_none')}
        </p>
      )}
      {data?.week && (
        <dl className={styles.facts} data-testid="credits-week">
          <div>
            <dt>{t('credits_week_staked')}</dt>
            <dd>{money(data.week.staked, data.week.currencyCode)}</dd>
          </div>
          <div>
            <dt>{t('credits_week_returned')}</dt>
            <dd>{money(data.week.returned, data.week.currencyCode)}</dd>
          </div>
          <div>
            <dt>{t('credits_week_net_loss')}</dt>
            <dd>{money(data.week.netLoss, data.week.currencyCode)}</dd>
          </div>
          <div>
            <dt>{t('credits_week_refund', { date: formatDate(data.week.to * 1000, DATE_FORMATS.dayMonth) })}</dt>
            <dd>{money(data.week.refund, data.week.currencyCode)}</dd>
          </div>
        </dl>
      )}
      {data?.identity && (
        <div data-testid="credits-status">
          {!data.identity.verified ? (
            <>
              <p className={styles.lead}>{t('credits_identity_unverified')}</p>
              <div>{renderVerify()}</div>
            </>
          ) : data.identity.claimed ? (
            <p className={styles.lead}>{t('credits_identity_claimed')}</p>
          ) : (
            <>
              <p className={styles.lead}>{t('credits_identity_ready')}</p>
              <div>
                <Button onClick={() => void askAndClaim()} busy={claim.isPending}>
                  {t('credits_claim')}
                </Button>
              </div>
            </>
          )}
        </div>
      )}
      {data && data.items.length > 0 && (
        <ul className={styles.list} aria-label={t('credits_history')} data-testid="credits-items">
          {data.items.map((item) => (
            <li key={item.id}>{creditLine(item)}</li>
          ))}
        </ul>
      )}
      <ActionError action={claim} className={styles.error} />
    </MechanicSection>
  );
}
