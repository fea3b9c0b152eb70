import { PROMO_POPUP_FLAGS, PROMO_POPUPS, type PromoPopupFlag, type Promotion } from '@promo/contract';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dailyTakeQuery } from '../../../entities/bonus/index.ts';
import { huntBoardQuery } from '../../../entities/hunt/index.ts';
import { luckyChanceQuery } from '../../../entities/lucky-day/index.ts';
import { goToSection } from '../../../shared/lib/browser/index.ts';
import { useGlobalStore, usePlayerQuery } from '../../../shared/model/index.ts';
import { Button } from '../../../shared/ui/index.ts';
import { modalQueue } from '../../../shared/ui/modal-queue/index.ts';
import { markPopupSeen, popupSeen } from '../model/popup-flags.ts';
import { LuckyChanceForm } from './lucky-chance-form.tsx';
import styles from './promo-popups.module.css';

/** A host section the popup sends the player to (the page renders its host link). */
export type PopupLink = { kind: 'live-casino' } | { kind: 'account' } | { kind: 'promotions' };

/**
 * The promotional popups of spec 3 that belong to this promotion: each opens through the modal
 * queue once it has what it needs (a signed-in player, today's gift untaken, no forecast yet, a
 * completed set), at most once per player and flag in this browser; Escape closes it. A console
 * preview page opens none: a popup may take an action (a forecast), which a preview never does.
 */
export function PromoPopups({
  promotion,
  renderLink,
}: {
  promotion: Promotion;
  renderLink: (link: PopupLink, label: string, onFollow: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const userId = useGlobalStore((s) => s.userId);
  const flags = promotion.preview ? [] : PROMO_POPUP_FLAGS.filter((flag) => PROMO_POPUPS[flag] === promotion.slug);
  const has = (flag: PromoPopupFlag) => flags.includes(flag) && !popupSeen(flag, userId);
  const running = promotion.status === 'active';
  const daily = usePlayerQuery(dailyTakeQuery, has('dailyWin'));
  const forecast = usePlayerQuery(
    (player) => luckyChanceQuery(player, promotion.id),
    running && has('luckyChanceForecast'),
  );
  const hunt = usePlayerQuery((player) => huntBoardQuery(promotion.id, player), has('giftBoxWinShown'));

  useEffect(() => {
    const signedIn = userId !== null;
    const ready: Record<PromoPopupFlag, boolean> = {
      dailyWin: signedIn && running && daily.data?.taken === null,
      luckyChanceForecast: signedIn && running && forecast.data?.forecast === null,
      rouletteVsBlackjack: true,
      giftBoxValidation: signedIn && running,
      giftBoxWinShown: signedIn && Boolean(hunt.data?.me?.completion),
      feelingsCheck: signedIn,
      easterAdventure: running,
      summerHolidays: true,
    };
    for (const flag of flags) {
      if (!ready[flag] || popupSeen(flag, userId)) continue;
      // Marked when it opens: a reload while it shows does not bring it back.
      markPopupSeen(flag, userId);
      modalQueue.open({
        name: `promo-popup-${flag}`,
        title: t(`popup_${flag}_title`),
        render: (close) => (
          <PopupBody
            flag={flag}
            close={close}
            promotionId={promotion.id}
            place={hunt.data?.me?.completion?.place ?? null}
            renderLink={renderLink}
          />
        ),
      });
    }
  }, [flags, userId, running, daily.data, forecast.data, hunt.data, promotion.id, renderLink, t]);
  return null;
}

function PopupBody({
  flag,
  close,
  promotionId,
  place,
  renderLink,
}: {
  flag: PromoPopupFlag;
  close: () => void;
  promotionId: number;
  place: number | null;
  renderLink: (link: PopupLink, label: string, onFollow: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  // The forecast popup's form says what to do itself (popup_forecast_text): it has no popup_…_text.
  if (flag === 'luckyChanceForecast') {
    return (
      <Layout
        actions={
          <Button variant="secondary" onClick={close}>
            {t('popup_close')}
          </Button>
        }
      >
        <LuckyChanceForm promotionId={promotionId} />
      </Layout>
    );
  }
  const text = <p>{t(`popup_${flag}_text`, { place })}</p>;
  // After the dialog has gone (the page behind it takes focus only then).
  const thenGo = (targetId: string) => () => {
    close();
    requestAnimationFrame(() => requestAnimationFrame(() => goToSection(targetId)));
  };
  const later = (
    <Button variant="secondary" onClick={close}>
      {t('popup_later')}
    </Button>
  );
  switch (flag) {
    case 'dailyWin':
    case 'easterAdventure':
      return (
        <Layout
          actions={
            <>
              <Button onClick={thenGo(flag === 'dailyWin' ? 'daily-title' : 'hunt-title')}>
                {t(`popup_${flag}_go`)}
              </Button>
              {later}
            </>
          }
        >
          {text}
        </Layout>
      );
    case 'rouletteVsBlackjack':
      return (
        <Layout
          actions={
            <>
              {renderLink({ kind: 'live-casino' }, t('popup_rouletteVsBlackjack_roulette'), close)}
              {renderLink({ kind: 'live-casino' }, t('popup_rouletteVsBlackjack_blackjack'), close)}
            </>
          }
        >
          {text}
        </Layout>
      );
    case 'feelingsCheck':
      return (
        <Layout
          actions={
            <>
              <Button onClick={close}>{t('popup_feelingsCheck_fine')}</Button>
              {renderLink({ kind: 'account' }, t('popup_feelingsCheck_break'), close)}
            </>
          }
        >
          {text}
        </Layout>
      );
    case 'summerHolidays':
      return (
        <Layout
          actions={
            <>
              {renderLink({ kind: 'promotions' }, t('popup_summerHolidays_go'), close)}
              {later}
            </>
          }
        >
          {text}
        </Layout>
      );
    default:
      return <Layout actions={<Button onClick={close}>{t('popup_ok')}</Button>}>{text}</Layout>;
  }
}

/** A popup's body: its content, then its buttons in a row. */
function Layout({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <div className={styles.body}>
      {children}
      <div className={styles.actions}>{actions}</div>
    </div>
  );
}
