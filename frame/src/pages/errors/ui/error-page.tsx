import { type MouseEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bonusPath, FRAME_DEFAULT_LANGUAGE, getHref } from '../../../shared/config/index.ts';
import { showDocumentTitle } from '../../../shared/lib/browser/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
// Imported directly: through the ui index it would ride in the entry chunk.
import { BallAnimation } from '../../../shared/ui/ball-animation/index.ts';
import { Button, ButtonLink, Copyright, HostLink, useDocumentLanguage } from '../../../shared/ui/index.ts';
import styles from './error-page.module.css';

/** Dictionary key of the message for a status; only 404 and 500 have one (spec 2). */
const MESSAGE_KEYS: Record<number, string> = { 404: 'error_page_message_404', 500: 'error_page_message_500' };

export interface ErrorPageProps {
  statusCode: number;
  /** Offered for failures that may pass (not for 404). */
  onRetry?: () => void;
}

/** Error pages already reported in this page's life (StrictMode runs effects twice in development). */
const reported = new Set<string>();

const hostBridge = () => import('../../../shared/host-bridge/index.ts').then((m) => m.hostBridge);

/** The bonus rules page of the host (spec 2 "Bonus": /bonus/{page}, default page rules). */
const BONUS_RULES = bonusPath();

/**
 * Spec 2/7: showing the error page sends the page-not-found analytics event and the pageNotFound
 * message for an unknown page (so the host can show its own 404; messages sent before the host
 * connection wait for its init), and the bonus-rules event: the bonus rules offered by the page's
 * bonus link, recorded in analytics. The host is never sent anywhere on show; only following the
 * link asks it to open the bonus rules (decision 027).
 */
function useReportShown(statusCode: number): void {
  useEffect(() => {
    const path = window.location.pathname;
    const key = `${statusCode} ${path}`;
    if (reported.has(key)) return;
    reported.add(key);
    import('../../../shared/analytics/index.ts')
      .then(({ analytics }) => {
        if (statusCode === 404) analytics().pageNotFound(path);
        analytics().bonusRulesOffered(path, statusCode, BONUS_RULES.data.path);
      })
      .catch(() => undefined);
    if (statusCode !== 404) return;
    hostBridge()
      .then((bridge) => bridge.send('pageNotFound', { path }))
      .catch(() => undefined);
  }, [statusCode]);
}

/** Inside a host the home control opens the host's home page; in a plain browser, the frame's. */
function openHostHome(event: MouseEvent<HTMLAnchorElement>): void {
  if (!document.documentElement.dataset.host) return;
  event.preventDefault();
  hostBridge()
    .then((bridge) => bridge.send('openHome', { path: '/' }))
    .catch((error: unknown) => console.error('opening the host home failed', error));
}

/**
 * Spec 2 error page: status code as title, message for 404/500, navigation links (home, promotions,
 * lotteries, bonus rules), copyright, ball animation.
 */
export function ErrorPage({ statusCode, onRetry }: ErrorPageProps) {
  const { t, i18n } = useTranslation();
  const siteConfig = useGlobalStore((s) => s.siteConfig);
  const currentLanguage = useGlobalStore((s) => s.currentLanguage);
  // Without a loaded config the global state's language is only its default; i18n knows better.
  const lng = siteConfig ? currentLanguage : i18n.language || FRAME_DEFAULT_LANGUAGE;
  useDocumentLanguage(lng);
  useReportShown(statusCode);
  const messageKey = MESSAGE_KEYS[statusCode];
  const message = messageKey ? t(messageKey) : '';
  const site = t('app_title');
  // Links keep the page's language once a config says which; without one, the frame's start-up picks.
  const linkLng = siteConfig ? lng : null;
  useEffect(
    () => showDocumentTitle(message ? `${statusCode} ${message}` : String(statusCode), site),
    [statusCode, message, site],
  );
  return (
    <main className={styles.page}>
      <BallAnimation spriteUrl={siteConfig?.uiStyle.errorSpriteUrl} />
      <h1 className={styles.code}>{statusCode}</h1>
      <p className={styles.title}>{t('error_page_title')}</p>
      <p className={styles.message} data-testid="error-message">
        {message}
      </p>
      {onRetry && (
        <div className={styles.actions}>
          <Button onClick={onRetry}>{t('error_page_retry')}</Button>
        </div>
      )}
      {/* Spec 2: the error page's navigation links. Frame pages are router links (a full load when
          no config loaded, as the router cannot render them then); host pages go through the host. */}
      <nav aria-label={t('error_page_nav_label')} className={styles.nav}>
        <ul className={styles.links}>
          <li>
            <ButtonLink
              to={getHref('home', {}, linkLng)}
              variant={onRetry ? 'secondary' : 'primary'}
              reloadDocument={!siteConfig}
              onClick={openHostHome}
              data-testid="error-home"
            >
              {t('error_page_home_link')}
            </ButtonLink>
          </li>
          <li>
            <Link to={getHref('promotions', {}, linkLng)} reloadDocument={!siteConfig} className={styles.link}>
              {t('error_page_nav_promotions')}
            </Link>
          </li>
          <li>
            <Link to={getHref('lotto', {}, linkLng)} reloadDocument={!siteConfig} className={styles.link}>
              {t('error_page_nav_lotteries')}
            </Link>
          </li>
          <li>
            <HostLink target={BONUS_RULES} className={styles.link}>
              {t('error_page_nav_bonus_rules')}
            </HostLink>
          </li>
        </ul>
      </nav>
      <Copyright className={styles.copyright} />
    </main>
  );
}
