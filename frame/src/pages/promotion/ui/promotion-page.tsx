import { mechanicOf, PROMO_POPUP_FLAGS, PROMO_POPUPS, type Promotion, promoWidgets } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { PromoHeroArt, placeholderValues, promotionQuery } from '../../../entities/promotion/index.ts';
import { usePlayerCurrency } from '../../../entities/user/index.ts';
import { PlayResponsibly } from '../../../features/play-responsibly/index.ts';
import type { PopupLink } from '../../../features/promo-popups/index.ts';
import { getHref, officePath, thirdPartyPath } from '../../../shared/config/index.ts';
import { DATE_FORMATS, fillText, useOddsFormat, useZonedFormat } from '../../../shared/lib/format/index.ts';
import { HydratingSuspense, useFirstContentMark, useRenderNow } from '../../../shared/lib/rendering/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { Countdown } from '../../../shared/ui/countdown/index.ts';
import { ButtonLink, buttonClass, HostLink, PreviewMark } from '../../../shared/ui/index.ts';
import { pageClass } from '../../../shared/ui/layout/index.ts';
import { PrizeTable } from '../../../widgets/prize-table/index.ts';
import type { PromotionRouteData } from '../api/promotion-route.ts';
import { termLines } from '../lib/terms.ts';
import { InfoTopic, PromotionWidget, showsWidget } from '../mechanics/index.ts';
import { PromoCallToAction } from './promo-call-to-action.tsx';
import styles from './promotion-page.module.css';

const underscored = (value: string) => value.replace(/-/g, '_');

/** The information block of each information page. */
const INFO_TOPICS: Readonly<Record<string, string>> = {
  'online-casino': 'casino',
  'live-casino': 'live-casino',
  license: 'licence',
  winners: 'winners',
};

const PromoPopups = lazy(() =>
  import('../../../features/promo-popups/index.ts').then((module) => ({ default: module.PromoPopups })),
);
const hasPopups = (slug: string) => PROMO_POPUP_FLAGS.some((flag) => PROMO_POPUPS[flag] === slug);

/** Where a promotional popup sends the player: a host section, or the promotions of the frame. */
function popupLink(link: PopupLink, label: string, onFollow: () => void): ReactNode {
  if (link.kind === 'promotions') return <PopupPromotionsLink label={label} onFollow={onFollow} />;
  const target = link.kind === 'account' ? officePath('account') : thirdPartyPath({ section: 'liveCasino' });
  return (
    <HostLink
      target={target}
      className={buttonClass(link.kind === 'account' ? 'secondary' : 'primary')}
      onFollow={onFollow}
    >
      {label}
    </HostLink>
  );
}

function PopupPromotionsLink({ label, onFollow }: { label: string; onFollow: () => void }) {
  const language = useGlobalStore((s) => s.currentLanguage);
  return (
    <ButtonLink to={getHref('promotions', {}, language)} onClick={onFollow}>
      {label}
    </ButtonLink>
  );
}

/** The countdown or state under the title: starts in, window opens in, ends in. */
function Schedule({ promotion, now, onEnd }: { promotion: Promotion; now: number; onEnd: () => void }) {
  const { t } = useTranslation();
  const formatDate = useZonedFormat();
  const { window } = promotion;
  if (promotion.status === 'upcoming') {
    return <Countdown targetMs={promotion.startsAt * 1000} label={t('promo_starts_in')} onEnd={onEnd} />;
  }
  return (
    <>
      {window && (
        <Countdown
          targetMs={(window.open && window.startsAt * 1000 <= now ? window.endsAt : window.startsAt) * 1000}
          label={t(window.open ? 'promo_window_closes_in' : 'promo_window_opens_in')}
          onEnd={onEnd}
        />
      )}
      {!window && promotion.endsAt !== null && (
        <Countdown targetMs={promotion.endsAt * 1000} label={t('promo_ends_in')} onEnd={onEnd} />
      )}
      {promotion.previousEndsAt !== null && (
        <p className={styles.history}>
          {t('promo_previous_edition', {
            date: formatDate(promotion.previousEndsAt * 1000, DATE_FORMATS.date),
          })}
        </p>
      )}
    </>
  );
}

/**
 * A promotion landing page, all from its content: hero in its own art and colour, summary,
 * countdown or ended state, call to action, widget, terms at a glance, prizes in the player's
 * currency, rules (its own, its mechanic's, when prizes arrive) and questions.
 */
export function PromotionPage() {
  const { serverKey, preview } = useLoaderData() as PromotionRouteData;
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const formatDate = useZonedFormat();
  const oddsFormat = useOddsFormat();
  const currency = usePlayerCurrency();
  const { data: promotion } = useQuery({
    ...promotionQuery(serverKey, language, currency, preview),
    placeholderData: (previous) => previous,
  });
  useFirstContentMark(promotion !== undefined);
  // Re-checked when a countdown reaches zero, so the page ends (or opens) in place.
  const [now, setNow] = useState(useRenderNow());
  const onEnd = useCallback(() => setNow(Date.now()), []);
  if (!promotion) return null;

  const endsAtMs = promotion.endsAt === null ? null : promotion.endsAt * 1000;
  const ended = promotion.status === 'ended' || (endsAtMs !== null && endsAtMs <= now);
  const values = placeholderValues({ ...promotion, topPrize: promotion.prizes[0] ?? null }, language, t, oddsFormat);
  const fill = (text: string) => fillText(text, values);
  const { texts } = promotion;
  const { widget, kicker, rules } = mechanicOf(promotion.mechanic);
  const glance = termLines(promotion, values, language, t);
  const mechanicRules = rules.map((key) => t(key, values));

  return (
    <article
      className={pageClass()}
      data-template={promotion.template}
      data-mechanic={promotion.mechanic}
      data-promotion={promotion.slug}
      lang={promotion.language === language ? undefined : promotion.language}
      data-preview={preview ? '' : undefined}
    >
      {preview && <PreviewMark>{t('promo_preview_mark')}</PreviewMark>}
      <header className={styles.hero}>
        <div className={styles.heroText}>
          <p className={styles.kicker}>{t(kicker)}</p>
          <h1 className={styles.title}>{texts.title}</h1>
          <p className={styles.lead}>{fill(texts.summary)}</p>
          {ended ? (
            <div className={styles.ended} role="status">
              <p className={styles.endedTitle}>{t('promo_ended_title')}</p>
              {endsAtMs !== null && <p>{t('promo_ended_on', { date: formatDate(endsAtMs, DATE_FORMATS.date) })}</p>}
              <p>{t('promo_ended_text')}</p>
              <ButtonLink to={getHref('promotions', {}, language)} variant="secondary">
                {t('promo_all_promotions')}
              </ButtonLink>
            </div>
          ) : (
            <>
              <Schedule promotion={promotion} now={now} onEnd={onEnd} />
              <PromoCallToAction
                cta={promotion.cta}
                payment={promotion.terms.payment}
                inPage={
                  promotion.mechanic === 'prize-wheel'
                    ? { label: t('promo_cta_spin'), targetId: 'wheel-title' }
                    : undefined
                }
              />
            </>
          )}
          <PlayResponsibly />
          {hasPopups(promotion.slug) && (
            <HydratingSuspense fallback={null}>
              <PromoPopups promotion={promotion} renderLink={popupLink} />
            </HydratingSuspense>
          )}
        </div>
        <div className={styles.art}>
          <PromoHeroArt art={promotion.hero.art} accent={promotion.hero.accent} />
        </div>
      </header>
      {widget !== null && showsWidget(promotion, ended) && (
        <div className={styles.section} data-widget={promotion.template}>
          <HydratingSuspense fallback={<div className={styles.mechanicPlaceholder} />}>
            <PromotionWidget widget={widget} promotion={promotion} />
          </HydratingSuspense>
        </div>
      )}
      {promotion.mechanic === 'info' && (
        <div className={styles.section} data-widget={promotion.template}>
          <HydratingSuspense fallback={<div className={styles.mechanicPlaceholder} />}>
            <InfoTopic topic={INFO_TOPICS[promotion.slug]} />
          </HydratingSuspense>
        </div>
      )}
      {promoWidgets(promotion.mechanic, promotion.terms.games).includes('casino-games') && (
        <div className={styles.section}>
          <HydratingSuspense fallback={<div className={styles.mechanicPlaceholder} />}>
            <PromotionWidget widget="casino-games" promotion={promotion} />
          </HydratingSuspense>
        </div>
      )}
      <section className={styles.section} aria-labelledby="about-title">
        <h2 id="about-title" className={styles.sectionTitle}>
          {t('promo_about_title')}
        </h2>
        {texts.about.map((paragraph) => (
          <p key={paragraph} className={styles.about}>
            {fill(paragraph)}
          </p>
        ))}
        {glance.length > 0 && (
          <dl className={styles.glance} aria-label={t('promo_glance_title')}>
            {glance.map(([label, value]) => (
              <div key={label}>
                <dt>{t(label)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      {promotion.prizes.length > 0 && (
        <div className={styles.section}>
          <PrizeTable prizes={promotion.prizes} fund={promotion.prizeFund} basis={promotion.prizeBasis} />
        </div>
      )}
      <section className={styles.section} aria-labelledby="rules-title">
        <h2 id="rules-title" className={styles.sectionTitle}>
          {t('promo_rules_title')}
        </h2>
        <ol className={styles.rules}>
          {[...texts.rules.map(fill), ...mechanicRules, t(`promo_timing_${underscored(promotion.prizeTiming)}`)].map(
            (rule) => (
              <li key={rule}>{rule}</li>
            ),
          )}
        </ol>
      </section>
      <section className={styles.section} aria-labelledby="faq-title">
        <h2 id="faq-title" className={styles.sectionTitle}>
          {t('promo_faq_title')}
        </h2>
        {texts.faq.map(({ q, a }) => (
          <details key={q} className={styles.faq}>
            <summary>{fill(q)}</summary>
            <p>{fill(a)}</p>
          </details>
        ))}
      </section>
    </article>
  );
}
