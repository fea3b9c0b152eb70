import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { bonusPath, informationPath, promoStorePath, withLanguage } from '../../shared/config/index.ts';
import { deferredPart, HydratingSuspense } from '../../shared/lib/rendering/index.ts';
import { useGlobalStore } from '../../shared/model/index.ts';
import { Copyright, HostLink } from '../../shared/ui/index.ts';
import styles from './site-footer.module.css';

// The time zone note and the config parts (licence, support...) come after the first paint (a
// deferred part: a host's update waits for it to hydrate).
const TimeZoneNote = lazy(() =>
  deferredPart(import('../../widgets/footer-details/index.ts').then((m) => ({ default: m.TimeZoneNote }))),
);

/** Links to the current page in each language of the config. */
function LanguageSwitcher() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const languages = useGlobalStore((s) => s.siteConfig?.languages ?? []);
  const current = useGlobalStore((s) => s.currentLanguage);
  if (languages.length < 2) return null;
  return (
    <nav aria-label={t('language_switcher_label')}>
      <ul className={styles.languages}>
        {languages.map((language) => (
          <li key={language.code}>
            <Link
              to={`${withLanguage(pathname, language.code)}${search}`}
              lang={language.code}
              hrefLang={language.code}
              aria-current={language.code === current ? 'true' : undefined}
              className={styles.language}
            >
              {language.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Footer of the default layout: host links, language, copyright; time zone and config parts load late. */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <nav aria-label={t('footer_links_label')}>
        <ul className={styles.links}>
          <li>
            <HostLink target={bonusPath()} className={styles.link}>
              {t('footer_link_bonus_rules')}
            </HostLink>
          </li>
          <li>
            <HostLink target={informationPath()} className={styles.link}>
              {t('footer_link_information')}
            </HostLink>
          </li>
          <li>
            <HostLink target={promoStorePath()} className={styles.link}>
              {t('footer_link_promo_store')}
            </HostLink>
          </li>
        </ul>
      </nav>
      <LanguageSwitcher />
      <Copyright className={styles.copyright} />
      {/* The slot holds the note's lines from the first paint: a short page keeps its footer in place. */}
      <div className={styles.timeZoneSlot}>
        <HydratingSuspense fallback={null}>
          <TimeZoneNote className={styles.timeZone} />
        </HydratingSuspense>
      </div>
    </footer>
  );
}
