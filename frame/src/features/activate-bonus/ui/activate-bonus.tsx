import type { DepositBonus } from '@promo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activateDepositBonus, depositBonusQuery } from '../../../entities/bonus/index.ts';
import { PreviewAction } from '../../../entities/promotion/index.ts';
import { usePlayerCurrency } from '../../../entities/user/index.ts';
import { userQueryKey } from '../../../shared/api/index.ts';
import { formatMoney } from '../../../shared/lib/format/index.ts';
import { ActionError, useIdempotentMutation } from '../../../shared/lib/idempotent-mutation/index.ts';
import { normalizeError } from '../../../shared/lib/index.ts';
import { useGlobalStore, useReaderId } from '../../../shared/model/index.ts';
import { Button, buttonClass } from '../../../shared/ui/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { type ActionProps, MechanicSection } from '../../../shared/ui/mechanic/index.ts';
import section from '../../../shared/ui/mechanic/mechanic.module.css';
import { openMessage } from '../../../shared/ui/modal-message/index.ts';
import styles from './activate-bonus.module.css';

/** The bonus's terms as a card: +percent up to the maximum, then deposit, wager and validity. */
function Terms({ bonus }: { bonus: DepositBonus }) {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const money = (amount: string) => formatMoney(amount, bonus.currencyCode, language);
  return (
    <div className={styles.terms} data-testid="bonus-terms">
      <p className={styles.headline}>
        <span className={section.amount}>+{bonus.percent}%</span> {t('bonus_up_to', { amount: money(bonus.maxAmount) })}
      </p>
      <dl className={section.facts}>
        <div>
          <dt>{t('bonus_min_deposit')}</dt>
          <dd>{money(bonus.minDeposit)}</dd>
        </div>
        <div>
          <dt>{t('bonus_wager')}</dt>
          <dd>×{bonus.wager}</dd>
        </div>
        <div>
          <dt>{t('bonus_valid')}</dt>
          <dd>{t('bonus_valid_days', { count: bonus.validDays })}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * A deposit bonus the player activates for their next deposit: its terms, a box to accept them,
 * one activation per press (the server keeps one active bonus a player), then the way to deposit
 * (renderLink: the host's cashier). On a console preview page (`preview`: its link's token) the
 * previewed version's terms as a visitor reads them, and the activation is off.
 */
export function ActivateBonus({
  promotionId,
  preview,
  onSignIn,
  renderLink: renderDeposit,
}: Pick<ActionProps, 'promotionId' | 'onSignIn' | 'renderLink'> & { preview?: string }) {
  const { t } = useTranslation();
  const acceptId = useId();
  const userId = useReaderId(preview);
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  const language = useGlobalStore((s) => s.currentLanguage);
  const currency = usePlayerCurrency();
  const queryClient = useQueryClient();
  const [accepted, setAccepted] = useState(false);
  const terms = depositBonusQuery(promotionId, userId, currency, preview);
  const bonus = useQuery(terms);
  const termsKey = terms.queryKey;
  const activate = useIdempotentMutation({
    mutationFn: async (key, termsVersion: number) => {
      try {
        return await activateDepositBonus(key, promotionId, termsVersion);
      } catch (error) {
        // 409: the bonus is not what the player read (terms_changed, or no longer running). The
        // terms are read again and the box unticked, so the player reads and accepts the new
        // version (the next press sends it); the server's message stays under the button.
        if (normalizeError(error).statusCode === 409) {
          setAccepted(false);
          void queryClient.invalidateQueries({ queryKey: termsKey, exact: true });
        }
        throw error;
      }
    },
    onSuccess: (next) => {
      if (userId !== null) {
        // Activating this bonus deactivates any other: every deposit bonus is read again.
        void queryClient.invalidateQueries({ queryKey: userQueryKey(userId, 'deposit-bonus') });
        queryClient.setQueryData(termsKey, next);
      }
      openMessage(
        'bonus-activated',
        t('bonus_activated_title'),
        t('bonus_activated_text', {
          percent: next.percent,
          amount: formatMoney(next.maxAmount, next.currencyCode, language),
        }),
      );
    },
  });
  const data = bonus.data;
  return (
    <MechanicSection id="bonus" title={t('bonus_title')}>
      {bonus.isError && <LoadFailed message={t('bonus_load_failed')} onRetry={() => void bonus.refetch()} />}
      {data && <Terms bonus={data} />}
      {data && preview && <PreviewAction label={t('bonus_activate')} reason={t('promo_preview_no_actions')} />}
      {data && userId === null && !preview && (
        <div className={section.row}>
          <p className={section.note}>{t('bonus_sign_in')}</p>
          {hostAvailable && <Button onClick={onSignIn}>{t('account_sign_in')}</Button>}
        </div>
      )}
      {data?.status === 'active' && (
        <div className={section.panel}>
          <p className={styles.active} role="status" data-testid="bonus-active">
            {t('bonus_active')}
          </p>
          <div>{renderDeposit()}</div>
        </div>
      )}
      {data?.status === 'unavailable' && <p className={section.note}>{t('bonus_unavailable')}</p>}
      {data?.status === 'available' && (
        <form
          className={section.panel}
          onSubmit={(event) => {
            event.preventDefault();
            if (accepted && !bonus.isFetching) activate.run(data.termsVersion);
          }}
        >
          <label className={styles.accept} htmlFor={acceptId}>
            <input
              id={acceptId}
              type="checkbox"
              checked={accepted}
              onChange={(event) => setAccepted(event.target.checked)}
            />
            <span>{t('bonus_accept_terms')}</span>
          </label>
          <div>
            <button
              type="submit"
              className={buttonClass()}
              // Off while the terms are read again: the version sent is the one the player sees.
              disabled={!accepted || activate.isPending || bonus.isFetching}
              aria-busy={activate.isPending || bonus.isFetching}
            >
              {t('bonus_activate')}
            </button>
          </div>
          <ActionError action={activate} className={section.error} />
        </form>
      )}
    </MechanicSection>
  );
}
