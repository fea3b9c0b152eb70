import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import styles from './play-responsibly.module.css';

/** The footer's responsible-gaming notice, the last block of every page, carries this id. */
export const RESPONSIBLE_NOTICE_ID = 'responsible-gaming';

/**
 * "18+ · Play responsibly" near an offer: it takes the reader to the responsible-gaming notice at
 * the foot of the page. Framed with auto height, the host's page is what scrolls, so the frame asks
 * the host to bring its bottom into view (scrollToBottom); alone or in an app, the frame scrolls.
 * Focus moves to the notice, so a screen reader reads it next. Before the footer's config parts
 * have arrived the notice is not there yet: the reader goes to the foot of the page all the same.
 */
export function PlayResponsibly() {
  const { t } = useTranslation();
  const age = useGlobalStore((s) => s.siteConfig?.config.minimumAge ?? 18);
  const reveal = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const notice = document.getElementById(RESPONSIBLE_NOTICE_ID);
    if (document.documentElement.dataset.embedded) hostBridge.send('scrollToBottom', {});
    else if (notice) notice.scrollIntoView({ block: 'end' });
    else window.scrollTo({ top: document.documentElement.scrollHeight });
    notice?.focus({ preventScroll: true });
  };
  return (
    <p className={styles.line}>
      <a href={`#${RESPONSIBLE_NOTICE_ID}`} className={styles.link} onClick={reveal}>
        <span className={styles.age}>{t('play_responsibly_age', { age })}</span> {t('play_responsibly')}
      </a>
    </p>
  );
}
