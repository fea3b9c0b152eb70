import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useMatches } from 'react-router';
import { getHref } from '../../../shared/config/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import styles from './lotto.module.css';

const TABS = [
  { key: 'lotto_tab_lotteries', route: 'lotto' },
  { key: 'lotto_tab_results', route: 'lottoResults' },
  { key: 'lotto_tab_tickets', route: 'lottoTickets' },
] as const;

/**
 * The lottery section (spec 2): the tab bar Lotteries / Results / My tickets over its pages; the
 * draws and info sub-pages (nested in their route metadata) show a way back instead.
 */
export function LottoLayout() {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const nested = useMatches().some((match) => (match.handle as { nested?: boolean } | undefined)?.nested);
  return (
    <div className={styles.section}>
      {nested ? (
        <Link to={getHref('lotto', {}, language)} className={styles.back}>
          {t('lotto_back')}
        </Link>
      ) : (
        <nav className={styles.tabs} aria-label={t('lotto_tabs')}>
          {TABS.map(({ key, route }) => (
            <NavLink key={key} to={getHref(route, {}, language)} end className={styles.tab}>
              {t(key)}
            </NavLink>
          ))}
        </nav>
      )}
      <Outlet />
    </div>
  );
}
