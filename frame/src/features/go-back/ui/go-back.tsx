import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { repeatPressGuard } from '../../../shared/lib/browser/index.ts';
import styles from './go-back.module.css';

/** The router keeps the position in its history entry: above 0 there is a frame page to go back to. */
const hasFrameHistory = (): boolean => {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
};

/** A double click goes back one screen, not two (nor out of the promotion). */
const mayPress = repeatPressGuard<'back'>();

/**
 * An app webview has no browser back button: this one goes back inside the frame while it can, and
 * from the first page asks the app to go back (goBack), which closes the promotion.
 */
export function GoBack() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    if (!mayPress('back')) return;
    if (hasFrameHistory()) void navigate(-1);
    else hostBridge.send('goBack', {});
  };
  return (
    <nav aria-label={t('app_back_label')}>
      <button type="button" className={styles.back} onClick={back}>
        <span aria-hidden="true" className={styles.arrow}>
          ‹
        </span>
        {t('app_back')}
      </button>
    </nav>
  );
}
