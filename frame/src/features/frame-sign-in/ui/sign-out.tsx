import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/index.ts';
import { signOut } from '../model/own-session.ts';
import styles from './frame-sign-in.module.css';

/** Sign-out inside the frame, for a plain browser: the server ends the session, then the frame forgets it. */
export function SignOut() {
  const { t } = useTranslation();
  const mutation = useMutation({ mutationFn: signOut, retry: false, networkMode: 'always' });
  return (
    <>
      <Button size="sm" variant="secondary" busy={mutation.isPending} onClick={() => mutation.mutate()}>
        {t('sign_out')}
      </Button>
      {mutation.isError && (
        <p role="alert" className={styles.error}>
          {t('sign_out_failed')}
        </p>
      )}
    </>
  );
}
