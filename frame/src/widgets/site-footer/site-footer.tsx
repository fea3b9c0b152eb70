import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { HostLink } from '../../features/host-navigation/index.ts';
import { LanguageSwitcher } from '../../features/switch-language/index.ts';
import { bonusPath, informationPath, promoStorePath } from '../../shared/config/index.ts';
import { Copyright } from './copyright.tsx';
import styles from './site-footer.module.css';

const TimeZoneNote = lazy(() => import('./time-zone-note.tsx').then((m) => ({ default: m.TimeZoneNote })));

/** Footer of the default layout: host links, config parts (licence, support...), language, time zone, copyright. */
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
        <Suspense fallback={null}>
          <TimeZoneNote className={styles.timeZone} />
        </Suspense>
      </div>
    </footer>
  );
}
