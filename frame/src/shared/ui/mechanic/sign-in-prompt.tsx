import { useTranslation } from 'react-i18next';
import { useGlobalStore } from '../../model/index.ts';
import { Button } from '../button/button-link.tsx';
import styles from './mechanic.module.css';

/** A visitor's line in a mechanic: what signing in shows, and the button when a host can sign in. */
export function SignInPrompt({ text, onSignIn }: { text: string; onSignIn: () => void }) {
  const { t } = useTranslation();
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  return (
    <>
      <p className={styles.note}>{text}</p>
      {hostAvailable && (
        <div>
          <Button onClick={onSignIn}>{t('account_sign_in')}</Button>
        </div>
      )}
    </>
  );
}
