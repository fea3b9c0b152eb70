import { GAME_COLLECTIONS, type GameCollection, isExpired, isTimeLimited } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { promotionQuery } from '../../entities/promotion/index.ts';
import { requestRegistration, requestSignIn } from '../../features/auth-prompt/index.ts';
import { HostLink } from '../../features/host-navigation/index.ts';
import { getHref, officePath } from '../../shared/config/index.ts';
import { DATE_FORMATS, formatInZone } from '../../shared/lib/dates.ts';
import { useGlobalStore } from '../../shared/store/index.ts';
import { ButtonLink, buttonClass } from '../../shared/ui/index.ts';
import { Countdown } from '../../widgets/countdown/index.ts';
import { PrizeTable } from '../../widgets/prize-table/index.ts';
import { InfoTopic } from './info-topic.tsx';
import {
  ActivateBonus,
  BetSeries,
  BroadcastBoard,
  CasinoGames,
  ChooseFirstBonus,
  Leaderboard,
  SearchHunt,
  SpinWheel,
  TakeDailyBonus,
  TakeLuckyTicket,
} from './mechanics.tsx';
import { PromoCallToAction } from './promo-call-to-action.tsx';
import { PromoHeroArt } from './promo-hero-art.tsx';
import styles from './promotion-page.module.css';
import type { PromotionRouteData } from './promotion-route.ts';

/** The template's own rules (dictionary texts), then the rule every promotion shares. */
const RULES_PER_TEMPLATE = 4;
const rulesOf = (template: string) => [
  ...Array.from({ length: RULES_PER_TEMPLATE }, (_, i) => `promo_rule_${template.replace(/-/g, '_')}_${i + 1}`),
  'promo_rule_3',
];

/** The lead of a variant (no-risk, loss refund...) when the dictionary has one, else the template's. */
const leadKeys = (entry: PromotionRouteData['entry']): string[] => {
  const lead = `promo_lead_${entry.template.replace(/-/g, '_')}`;
  const { variant } = entry.options;
  return typeof variant === 'string' ? [`${lead}_${variant.replace(/-/g, '_')}`, lead] : [lead];
};

const isGameCollection = (value: unknown): value is GameCollection =>
  (GAME_COLLECTIONS as readonly unknown[]).includes(value);

/** The mechanic of a template, if it has one: what the player does on the page. */
function promoMechanic(
  entry: PromotionRouteData['entry'],
  promotionId: number,
  ended: boolean,
  t: TFunction,
): ReactNode {
  switch (entry.template) {
    case 'prize-wheel':
      return ended ? null : <SpinWheel promotionId={promotionId} onSignIn={requestSignIn} />;
    case 'deposit-bonus':
      if (ended) return null;
      return entry.options.firstBonusChoice ? (
        <ChooseFirstBonus onRegister={(choice) => requestRegistration(undefined, choice)} />
      ) : (
        <ActivateBonus
          bonusId={promotionId}
          onSignIn={requestSignIn}
          renderDeposit={() => (
            <HostLink target={officePath('recharge')} className={buttonClass()}>
              {t('promo_cta_deposit')}
            </HostLink>
          )}
        />
      );
    case 'free-bet':
      return ended ? null : (
        <TakeDailyBonus
          onSignIn={requestSignIn}
          renderCountdown={(targetMs, onEnd) => (
            <Countdown targetMs={targetMs} label={t('daily_next_in')} onEnd={onEnd} />
          )}
        />
      );
    case 'tournament':
      return <Leaderboard tournamentId={promotionId} onSignIn={requestSignIn} />;
    case 'lucky-day':
      return ended ? null : (
        <TakeLuckyTicket
          promoId={promotionId}
          onSignIn={requestSignIn}
          renderCountdown={(targetMs, onEnd) => (
            <Countdown targetMs={targetMs} label={t('lucky_draw_in')} onEnd={onEnd} />
          )}
        />
      );
    case 'bet-series':
      return ended ? null : <BetSeries promotionId={promotionId} />;
    case 'info':
      return <InfoTopic topic={entry.options.topic} />;
    case 'broadcast':
      // The standings of the tournament it broadcasts: live while it runs, final after.
      return typeof entry.options.of === 'string' ? <BroadcastBoard of={entry.options.of} /> : null;
    case 'hunt':
      // An ended hunt keeps its album and places.
      return (
        <SearchHunt
          promotionId={promotionId}
          collectible={entry.options.collectible}
          onSignIn={requestSignIn}
          renderCountdown={(targetMs, onEnd) => (
            <Countdown targetMs={targetMs} label={t('hunt_next_in')} onEnd={onEnd} />
          )}
        />
      );
    default:
      return null;
  }
}

/** A promotion landing page: hero, countdown or ended state, call to action, prizes and rules. */
export function PromotionPage() {
  const { entry, serverKey } = useLoaderData() as PromotionRouteData;
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const timeZone = useGlobalStore((s) => s.timeZone);
  const { data: promotion } = useQuery(promotionQuery(serverKey));
  // Re-checked when the countdown reaches zero, so the page ends in place.
  const [now, setNow] = useState(() => Date.now());
  const onEnd = useCallback(() => setNow(Date.now()), []);
  if (!promotion) return null;

  const endsAtMs = promotion.endsAt === null ? null : promotion.endsAt * 1000;
  const ended = isExpired(entry, now) || promotion.status === 'ended' || (endsAtMs !== null && endsAtMs <= now);
  const upcoming = !ended && promotion.status === 'upcoming';
  const percent = entry.options.percent ?? 100;
  const mechanic = promoMechanic(entry, promotion.id, ended, t);

  return (
    <article className={styles.page} data-template={entry.template}>
      <header className={styles.hero}>
        <div className={styles.heroText}>
          <p className={styles.kicker}>{t(`promo_kicker_${entry.template.replace(/-/g, '_')}`)}</p>
          <h1 className={styles.title}>{t(entry.label)}</h1>
          <p className={styles.lead}>{t(leadKeys(entry), { percent })}</p>
          {ended ? (
            <div className={styles.ended} role="status">
              <p className={styles.endedTitle}>{t('promo_ended_title')}</p>
              {endsAtMs !== null && (
                <p>{t('promo_ended_on', { date: formatInZone(endsAtMs, DATE_FORMATS.date, timeZone) })}</p>
              )}
              <p>{t('promo_ended_text')}</p>
              <ButtonLink to={getHref('home', {}, language)} variant="secondary">
                {t('promo_all_promotions')}
              </ButtonLink>
            </div>
          ) : (
            <>
              {upcoming && (
                <Countdown targetMs={promotion.startsAt * 1000} label={t('promo_starts_in')} onEnd={onEnd} />
              )}
              {!upcoming && endsAtMs !== null && (isTimeLimited(entry) || promotion.endsAt !== null) && (
                <Countdown targetMs={endsAtMs} label={t('promo_ends_in')} onEnd={onEnd} />
              )}
              <PromoCallToAction entry={entry} />
            </>
          )}
        </div>
        <div className={styles.art}>
          <PromoHeroArt template={entry.template} />
        </div>
      </header>
      {mechanic && (
        <div className={styles.section} data-mechanic={entry.template}>
          <Suspense fallback={<div className={styles.mechanicPlaceholder} />}>{mechanic}</Suspense>
        </div>
      )}
      {isGameCollection(entry.options.games) && (
        <div className={styles.section}>
          <Suspense fallback={<div className={styles.mechanicPlaceholder} />}>
            <CasinoGames collection={entry.options.games} />
          </Suspense>
        </div>
      )}
      {promotion.prizes.length > 0 && (
        <div className={styles.section}>
          <PrizeTable prizes={promotion.prizes} fund={promotion.prizeFund} />
        </div>
      )}
      <section className={styles.section} aria-labelledby="rules-title">
        <h2 id="rules-title" className={styles.sectionTitle}>
          {t('promo_rules_title')}
        </h2>
        <ol className={styles.rules}>
          {rulesOf(entry.template).map((key) => (
            <li key={key}>{t(key, { percent })}</li>
          ))}
        </ol>
      </section>
    </article>
  );
}
