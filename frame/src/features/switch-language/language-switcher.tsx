import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { withLanguage } from '../../shared/config/index.ts';
import { useGlobalStore } from '../../shared/store/index.ts';
import styles from './language-switcher.module.css';

/** Links to the current page in each language of the config. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const languages = useGlobalStore((s) => s.siteConfig?.languages ?? []);
  const current = useGlobalStore((s) => s.currentLanguage);
  if (languages.length < 2) return null;
  return (
    <nav aria-label={t('language_switcher_label')}>
      <ul className={styles.list}>
        {languages.map((language) => (
          <li key={language.code}>
            <Link
              to={`${withLanguage(pathname, language.code)}${search}`}
              lang={language.code}
              hrefLang={language.code}
              aria-current={language.code === current ? 'true' : undefined}
              className={styles.link}
            >
              {language.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
