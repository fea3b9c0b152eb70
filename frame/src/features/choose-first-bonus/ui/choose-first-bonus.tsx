import type { FirstBonusChoice, WelcomeOffer } from '@promo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { firstBonusQuery, setFirstBonus, welcomeBonusQuery } from '../../../entities/bonus/index.ts';
import { PreviewAction } from '../../../entities/promotion/index.ts';
import { usePlayerCurrency } from '../../../entities/user/index.ts';
import { formatMoney } from '../../../shared/lib/format/index.ts';
import { ActionError, useIdempotentMutation } from '../../../shared/lib/idempotent-mutation/index.ts';
import { useGlobalStore, usePlayerQuery, useReaderId } from '../../../shared/model/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { MechanicSection } from '../../../shared/ui/mechanic/index.ts';
import styles from '../../../shared/ui/mechanic/mechanic.module.css';
import { openMessage, useAskFirst } from '../../../shared/ui/modal-message/index.ts';

const KIND: Record<FirstBonusChoice, 'none' | 'sport' | 'casino'> = { 0: 'none', 1: 'sport', 2: 'casino' };

function OfferText({ offer }: { offer: WelcomeOffer }) {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const max = formatMoney(offer.maxAmount, offer.currencyCode, language);
  return (
    <>
      <span className={styles.amount}>{t('first_bonus_offer', { percent: offer.percent, max })}</span>
      {offer.freespins > 0 && (
        <span className={styles.extra}>{t('first_bonus_freespins', { count: offer.freespins })}</span>
      )}
      <span className={styles.terms}>{t('first_bonus_wager', { wager: offer.wager })}</span>
    </>
  );
}

/**
 * Spec 7 first-bonus choice (0 no bonus, 1 sport, 2 casino). A visitor's choice goes to the host
 * with the registration; a player's is stored by the server (SetTypeFirstBonus, once per press)
 * and read back (GetTypeFirstBonus) after the player confirms it once, and a popup says it is done.
 * On a console preview page (`preview`: its link's token) the offers show as a visitor sees them,
 * and choosing is off.
 */
export function ChooseFirstBonus({
  preview,
  onRegister,
}: {
  preview?: string;
  onRegister: (choice: FirstBonusChoice) => void;
}) {
  const { t } = useTranslation();
  const userId = useReaderId(preview);
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  const currency = usePlayerCurrency();
  const queryClient = useQueryClient();
  const offers = useQuery(welcomeBonusQuery(currency));
  const current = usePlayerQuery(firstBonusQuery, !preview);
  const choose = useIdempotentMutation({
    mutationFn: (key, choice: FirstBonusChoice) => setFirstBonus(key, choice),
    onSuccess: (state, choice) => {
      if (userId !== null) queryClient.setQueryData(firstBonusQuery(userId).queryKey, state);
      openMessage('first-bonus-chosen', t('first_bonus_chosen_title'), t(`first_bonus_chosen_${KIND[choice]}`));
    },
  });
  const chosen = current.data?.bonus_id ?? null;
  const askFirst = useAskFirst();
  const pick = (choice: FirstBonusChoice) => {
    if (userId === null) return onRegister(choice);
    // While a choice is being saved the cards are busy: a press asks nothing (confirming it would
    // be dropped by the hook, and the player would see the earlier choice as theirs).
    if (choose.isPending) return;
    // The choice as the cache holds it now, not as this render saw it: a press that lands between
    // the answer and the next render must not choose the same bonus a second time.
    const latest = queryClient.getQueryData(firstBonusQuery(userId).queryKey)?.bonus_id ?? chosen;
    if (choice === latest) return;
    void askFirst(
      {
        name: 'first-bonus-confirm',
        title: t('first_bonus_confirm_title'),
        text: t(`first_bonus_confirm_${KIND[choice]}`),
        confirm: t('first_bonus_confirm_yes'),
      },
      () => choose.run(choice),
    );
  };

  const cards: Array<{ choice: FirstBonusChoice; offer?: WelcomeOffer }> = [
    ...(offers.data?.offers ?? []).map((offer) => ({ choice: offer.bonusId, offer })),
    { choice: 0 },
  ];
  const canAct = !preview && (userId !== null || hostAvailable);
  return (
    <MechanicSection id="first-bonus" title={t('first_bonus_title')} busy={choose.isPending}>
      <p className={styles.lead}>{t(userId === null ? 'first_bonus_lead_visitor' : 'first_bonus_lead_player')}</p>
      {(offers.isError || current.isError) && (
        <LoadFailed
          message={t('first_bonus_load_failed')}
          onRetry={() => {
            if (offers.isError) void offers.refetch();
            if (current.isError) void current.refetch();
          }}
        />
      )}
      <div className={styles.cards}>
        {offers.data &&
          cards.map(({ choice, offer }) => (
            <button
              key={choice}
              type="button"
              className={styles.card}
              data-kind={KIND[choice]}
              aria-pressed={userId !== null ? chosen === choice : undefined}
              disabled={!canAct}
              // Busy, not disabled: a disabled button drops focus, and the popup that confirms
              // the choice must give focus back to the card the player pressed. A press on a busy
              // card is ignored (pick).
              aria-disabled={choose.isPending || undefined}
              onClick={() => pick(choice)}
            >
              <span className={styles.cardTitle}>{t(`first_bonus_kind_${KIND[choice]}`)}</span>
              {offer ? <OfferText offer={offer} /> : <span className={styles.terms}>{t('first_bonus_none_text')}</span>}
              {userId !== null && chosen === choice && (
                <span className={styles.badge}>{t('first_bonus_selected')}</span>
              )}
            </button>
          ))}
      </div>
      {preview ? (
        <PreviewAction reason={t('promo_preview_no_actions')} />
      ) : (
        !canAct && <p className={styles.note}>{t('first_bonus_in_host')}</p>
      )}
      <ActionError action={choose} className={styles.error} />
    </MechanicSection>
  );
}
