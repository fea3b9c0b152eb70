import type { FastLoginRequest } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { inputClass } from '../../../shared/ui/field/index.ts';
import { buttonClass } from '../../../shared/ui/index.ts';
import { signInFailureText } from '../lib/failure.ts';
import { signInWithPassword } from '../model/own-session.ts';
import styles from './frame-sign-in.module.css';

/** The login and password form; `onCancel` closes it. */
function SignInForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const id = useId();
  // A second press before React re-renders the disabled button sends nothing.
  const sending = useRef(false);
  const queryClient = useQueryClient();
  const signIn = useMutation({
    mutationFn: (credentials: FastLoginRequest) => signInWithPassword(credentials, queryClient),
    // One sign-in per press: a resend would count as a second failed try on the server. Offline,
    // it fails at once (and says so) instead of waiting for the network.
    retry: false,
    networkMode: 'always',
    onSettled: () => {
      sending.current = false;
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const form = new FormData(event.currentTarget);
    const login = String(form.get('login') ?? '').trim();
    const pass = String(form.get('pass') ?? '');
    if (!login || !pass) return;
    sending.current = true;
    signIn.mutate({ login, pass });
  };
  const failure = signIn.error ? signInFailureText(signIn.error, t, language) : null;
  const errorId = `${id}-error`;
  return (
    <form className={styles.form} aria-label={t('account_sign_in')} onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={`${id}-login`}>{t('sign_in_login')}</label>
        <input
          id={`${id}-login`}
          name="login"
          className={inputClass(styles.input)}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={100}
          // biome-ignore lint/a11y/noAutofocus: the player pressed Sign in to type here; the form opens on that press
          autoFocus
          aria-invalid={failure !== null || undefined}
          aria-describedby={failure ? errorId : undefined}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-pass`}>{t('sign_in_password')}</label>
        <input
          id={`${id}-pass`}
          name="pass"
          type="password"
          className={inputClass(styles.input)}
          autoComplete="current-password"
          required
          maxLength={200}
          aria-invalid={failure !== null || undefined}
          aria-describedby={failure ? errorId : undefined}
        />
      </div>
      <div className={styles.actions}>
        <button
          type="submit"
          className={buttonClass('primary', 'sm')}
          disabled={signIn.isPending}
          aria-busy={signIn.isPending || undefined}
        >
          {t('account_sign_in')}
        </button>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={onCancel}>
          {t('sign_in_cancel')}
        </button>
      </div>
      {failure && (
        <p id={errorId} role="alert" className={styles.error}>
          {failure}
        </p>
      )}
    </form>
  );
}

/**
 * Sign-in inside the frame, for a plain browser (no host to open its own dialog): "Sign in" opens
 * the login and password form in place; Cancel closes it and gives the focus back to the button.
 */
export function SignIn() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) toggle.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (open) return <SignInForm onCancel={() => setOpen(false)} />;
  return (
    <button ref={toggle} type="button" className={buttonClass('secondary', 'sm')} onClick={() => setOpen(true)}>
      {t('account_sign_in')}
    </button>
  );
}
