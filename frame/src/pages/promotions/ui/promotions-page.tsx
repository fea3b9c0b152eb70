import { PROMO_PRODUCTS, type PromotionCard } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PromoHeroArt, placeholderValues, promotionIndexQuery } from '../../../entities/promotion/index.ts';
import { usePlayerCurrency } from '../../../entities/user/index.ts';
import { getHref } from '../../../shared/config/index.ts';
import { DATE_FORMATS, fillText, useOddsFormat, useZonedFormat } from '../../../shared/lib/format/index.ts';
import { useFirstContentMark } from '../../../shared/lib/rendering/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { Countdown } from '../../../shared/ui/countdown/index.ts';
import { pageClass } from '../../../shared/ui/layout/index.ts';
import { LoadFailed } from '../../../shared/ui/load-failed/index.ts';
import { Skeleton, useLoading } from '../../../shared/ui/skeleton/index.ts';
import styles from './promotions-page.module.css';

/** The products a player can filter by ('general' promotions show under All only). */
const FILTERS = ['all', ...PROMO_PRODUCTS.filter((product) => product !== 'general')] as const;
const SKELETONS = ['first', 'second', 'third', 'fourth'];
type Filter = (typeof FILTERS)[number];
const isFilter = (value: string | null): value is Filter => FILTERS.includes(value as Filter);

function Card({ card }: { card: PromotionCard }) {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const formatDate = useZonedFormat();
  const oddsFormat = useOddsFormat();
  return (
    <li>
      <Link to={getHref('promotion', { name: card.slug }, language)} className={styles.card}>
        <span className={styles.art}>
          <PromoHeroArt art={card.hero.art} accent={card.hero.accent} />
        </span>
        <span className={styles.kicker}>{t(`promo_kicker_${card.mechanic.replace(/-/g, '_')}`)}</span>
        <span className={styles.title}>{card.title}</span>
        <span className={styles.summary}>
          {fillText(card.summary, placeholderValues(card, language, t, oddsFormat))}
        </span>
        <span className={styles.when}>
          {card.status === 'upcoming' && <Countdown targetMs={card.startsAt * 1000} label={t('promo_starts_in')} />}
          {card.status === 'active' && card.endsAt !== null && (
            <Countdown targetMs={card.endsAt * 1000} label={t('promo_ends_in')} />
          )}
          {card.status === 'ended' && card.endsAt !== null && (
            <span>{t('promo_ended_on', { date: formatDate(card.endsAt * 1000, DATE_FORMATS.date) })}</span>
          )}
        </span>
      </Link>
    </li>
  );
}

/**
 * promotion/: every promotion as a card, running ones first, then those starting soon, then the
 * ended ones, filterable by product (the filter is in the address, so it can be shared).
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  // The router's own search-params hook would pull more of it into the entry chunk.
  const { search } = useLocation();
  const navigate = useNavigate();
  const asked = new URLSearchParams(search).get('product');
  const filter: Filter = isFilter(asked) ? asked : 'all';
  const currency = usePlayerCurrency();
  const index = useQuery({ ...promotionIndexQuery(language, currency), placeholderData: (previous) => previous });
  const { loading, drawn } = useLoading(index.isPending);
  const cards = ((loading ? undefined : index.data?.promotions) ?? []).filter(
    (card) => filter === 'all' || card.product === filter,
  );
  useFirstContentMark(cards.length > 0);
  const groups = (['active', 'upcoming', 'ended'] as const).map((status) => ({
    status,
    cards: cards.filter((card) => card.status === status),
  }));
  return (
    <div className={pageClass()}>
      <header className={styles.head}>
        <h1 className={styles.heading}>{t('promotions_title')}</h1>
        <p className={styles.subtitle}>{t('promotions_subtitle')}</p>
        <fieldset className={styles.filters}>
          <legend className={styles.legend}>{t('promotions_filter_label')}</legend>
          {FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              className={styles.filter}
              aria-pressed={filter === value}
              onClick={() => navigate(value === 'all' ? '.' : `?product=${value}`, { replace: true })}
            >
              {t(`promotions_filter_${value}`)}
            </button>
          ))}
        </fieldset>
      </header>
      {loading && (
        // Cards of a real card's size: the footer stays below the fold until the list lands.
        <ul className={styles.cards} aria-hidden="true">
          {SKELETONS.map((key) => (
            <Skeleton key={key} as="li" className={styles.skeleton} drawn={drawn} />
          ))}
        </ul>
      )}
      {index.isError && <LoadFailed message={t('promotions_load_failed')} onRetry={() => void index.refetch()} />}
      {index.data && !loading && cards.length === 0 && <p>{t('promotions_empty')}</p>}
      {groups.map(
        ({ status, cards: list }) =>
          list.length > 0 && (
            <section key={status} aria-labelledby={`promotions-${status}`} className={styles.group}>
              <h2 id={`promotions-${status}`} className={styles.groupTitle}>
                {t(`promotions_${status === 'active' ? 'running' : status}`)}
              </h2>
              <ul className={styles.cards}>
                {list.map((card) => (
                  <Card key={card.slug} card={card} />
                ))}
              </ul>
            </section>
          ),
      )}
    </div>
  );
}
