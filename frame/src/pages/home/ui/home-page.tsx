import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { getHref } from '../../../shared/config/index.ts';
import { ButtonLink } from '../../../shared/ui/index.ts';
import heroArt from './assets/hero-art.svg';
import { CardIcon } from './card-icon.tsx';
import styles from './home-page.module.css';

/** Cards of the home page: dictionary key stem and target. */
const CARDS = [
  { key: 'home_card_lotto', href: (lng?: string) => getHref('lotto', {}, lng), icon: 'lotto' },
  { key: 'home_card_results', href: (lng?: string) => getHref('lottoResults', {}, lng), icon: 'results' },
  { key: 'home_card_tickets', href: (lng?: string) => getHref('lottoTickets', {}, lng), icon: 'tickets' },
  { key: 'home_card_wheel', href: (lng?: string) => getHref('promotion', { name: 'spin-wheel' }, lng), icon: 'wheel' },
  {
    key: 'home_card_tournament',
    href: (lng?: string) => getHref('promotion', { name: 'daily-tournament' }, lng),
    icon: 'tournament',
  },
  {
    key: 'home_card_welcome',
    href: (lng?: string) => getHref('promotion', { name: 'two-hundred-percentage' }, lng),
    icon: 'welcome',
  },
] as const;

/** Landing page of the frame: hero with calls to action and the sections. */
export function HomePage() {
  const { t } = useTranslation();
  const { lng } = useParams();
  return (
    <>
      <section className={styles.hero}>
        <div className={styles.heroText}>
          <p className={styles.kicker}>{t('home_hero_kicker')}</p>
          <h1 className={styles.title}>{t('home_title')}</h1>
          <p className={styles.subtitle}>{t('home_subtitle')}</p>
          <div className={styles.actions}>
            <ButtonLink to={getHref('lotto', {}, lng)}>{t('home_cta_lotto')}</ButtonLink>
            <ButtonLink to={getHref('promotions', {}, lng)} variant="secondary">
              {t('home_cta_promotions')}
            </ButtonLink>
          </div>
        </div>
        {/* Decorative; a static file keeps it out of the JavaScript budget and cacheable. */}
        <img className={styles.art} src={heroArt} alt="" width={320} height={240} />
      </section>
      <section className={styles.sections} aria-labelledby="home-sections-title">
        <h2 id="home-sections-title" className={styles.sectionsTitle}>
          {t('home_sections_title')}
        </h2>
        <ul className={styles.cards}>
          {CARDS.map((card) => (
            <li key={card.key}>
              <Link to={card.href(lng)} className={styles.card}>
                <span className={styles.cardIcon}>
                  <CardIcon name={card.icon} />
                </span>
                <span className={styles.cardTitle}>{t(`${card.key}_title`)}</span>
                <span className={styles.cardText}>{t(`${card.key}_text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
