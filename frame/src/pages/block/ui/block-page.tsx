import { useTranslation } from 'react-i18next';
import { PadlockIcon } from '../../../shared/ui/icons/index.ts';
import styles from './block-page.module.css';
import { WorldMap } from './world-map.tsx';

/** Spec 2 blocked page: padlock, title and county/region message over a world map. */
export function BlockPage() {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <WorldMap className={styles.map} />
      <div className={styles.card}>
        <PadlockIcon />
        <h1 className={styles.title}>{t('block_page_title')}</h1>
        <p className={styles.message}>{t('block_page_county_message')}</p>
      </div>
    </main>
  );
}
