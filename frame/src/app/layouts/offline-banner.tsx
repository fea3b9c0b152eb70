import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../shared/lib/index.ts';
import styles from './layouts.module.css';

/** Tells the player the connection is gone; queries refetch by themselves when it is back. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const { t } = useTranslation();
  return (
    <div role="status" className={online ? undefined : styles.offline}>
      {online ? null : t('offline_message')}
    </div>
  );
}
