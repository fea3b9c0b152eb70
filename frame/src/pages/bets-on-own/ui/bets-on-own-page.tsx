import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { betOnOwnPath } from '../../../shared/config/index.ts';
import { buttonClass, HostLink } from '../../../shared/ui/index.ts';
import styles from './bets-on-own-page.module.css';

/**
 * Spec 2 betsonyour/{section}: the host opens its bets-on-your-own section (betOnOwn, cyber is
 * live); the page says so and, in a plain browser where no host listens, links to that section.
 */
export function BetsOnOwnPage() {
  const { t } = useTranslation();
  const { section = '' } = useParams();
  const target = betOnOwnPath(section);
  // Once per section shown (StrictMode runs effects twice in development; the ref survives that).
  const handedOver = useRef<string | null>(null);

  useEffect(() => {
    const { type, data } = betOnOwnPath(section);
    if (handedOver.current === data.section) return;
    handedOver.current = data.section;
    // Messages sent before the host connection is up wait for its init.
    import('../../../shared/host-bridge/index.ts')
      .then(({ hostBridge }) => hostBridge.send(type, data))
      .catch((error: unknown) => console.error('bets on your own: hand-off failed', error));
  }, [section]);

  return (
    <section className={styles.page} aria-labelledby="bets-on-own-title" data-section={target.data.section}>
      <h1 id="bets-on-own-title" className={styles.title}>
        {t('bets_on_own_title')}
      </h1>
      <p className={styles.text}>{t('bets_on_own_text')}</p>
      <HostLink target={target} className={buttonClass('primary')}>
        {t('bets_on_own_link')}
      </HostLink>
    </section>
  );
}
