import { type MouseEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FRAME_DEFAULT_LANGUAGE, getHref } from '../../../shared/config/index.ts';
import { showDocumentTitle } from '../../../shared/lib/browser/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
// Imported directly: through the ui index it would ride in the entry chunk.
import { BallAnimation } from '../../../shared/ui/ball-animation/index.ts';
import { Button, ButtonLink, Copyright, useDocumentLanguage } from '../../../shared/ui/index.ts';
import styles from './error-page.module.css';

/** Dictionary key of the message for a status; only 404 and 500 have one (spec 2). */
const MESSAGE_KEYS: Record<number, string> = { 404: 'error_page_message_404', 500: 'error_page_message_500' };

export interface ErrorPageProps {
  statusCode: number;
  /** Offered for failures that may pass (not for 404). */
  onRetry?: () => void;
}

/** Paths already reported in this page's life (StrictMode runs effects twice in development). */
const reportedNotFound = new Set<string>();

const hostBridge = () => import('../../../shared/host-bridge/index.ts').then((m) => m.hostBridge);

/**
 * Spec 2/7: an unknown page is a page-not-found analytics event and a pageNotFound message, so the
 * host can show its own 404 (messages sent before the host connection wait for its init).
 */
function useReportNotFound(statusCode: number): void {
  useEffect(() => {
    const path = window.location.pathname;
    if (statusCode !== 404 || reportedNotFound.has(path)) return;
    reportedNotFound.add(path);
    import('../../../shared/analytics/index.ts')
      .then(({ analytics }) => analytics().pageNotFound(path))
      .catch(() => undefined);
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

/** Spec 2 error page: status code as title, message for 404/500, home link, copyright, ball animation. */
export function ErrorPage({ statusCode, onRetry }: ErrorPageProps) {
  const { t, i18n } = useTranslation();
  const siteConfig = useGlobalStore((s) => s.siteConfig);
  // Without a loaded config the global state's language is only its default; i18n knows better.
  const lng = siteConfig ? useGlobalStore.getState().currentLanguage : i18n.language || FRAME_DEFAULT_LANGUAGE;
  useDocumentLanguage(lng);
  useReportNotFound(statusCode);
  const messageKey = MESSAGE_KEYS[statusCode];
  const message = messageKey ? t(messageKey) : '';
  const site = t('app_title');
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
      <div className={styles.actions}>
        <ButtonLink
          to={getHref('home', {}, siteConfig ? lng : null)}
          reloadDocument={!siteConfig}
          onClick={openHostHome}
          data-testid="error-home"
        >
          {t('error_page_home_link')}
        </ButtonLink>
        {onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            {t('error_page_retry')}
          </Button>
        )}
      </div>
      <Copyright className={styles.copyright} />
    </main>
  );
}
