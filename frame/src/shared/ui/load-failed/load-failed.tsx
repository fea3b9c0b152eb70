import { useTranslation } from 'react-i18next';
import { Button } from '../button/button-link.tsx';
import styles from './load-failed.module.css';

/** What failed to load, said to screen readers too, and the button that loads it again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.failed}>
      <p role="alert">{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
