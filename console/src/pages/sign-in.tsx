import { zodResolver } from '@hookform/resolvers/zod';
import { CONSOLE_ENDPOINTS, type StaffSignIn, staffSignInSchema } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call, isApiError } from '../api/client.ts';
import { queryKeys } from '../api/queries.ts';
import { translatedErrors } from '../lib/validation.ts';
import { bind, TextField } from '../ui/fields.tsx';
import { LanguageSwitch } from '../ui/language-switch.tsx';
import { useErrorText } from '../ui/problem.tsx';

/** Where to go after signing in: a console path the link asked for, else the promotions. */
export function nextPath(asked: string | null): string {
  // Only a path inside the console: never another site (`//evil`, `https:`).
  if (!asked?.startsWith('/') || asked.startsWith('//') || asked.startsWith('/sign-in')) return '/promotions';
  return asked;
}

interface SignInValues {
  login: string;
  password: string;
  code?: string | undefined;
}

/**
 * Staff sign-in: login and password; when the server answers that the role needs its second factor
 * (publishers, admins), the authenticator's six digits too. Errors are read out (aria-live).
 */
export function SignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const errorText = useErrorText();
  const [needsCode, setNeedsCode] = useState(false);
  const [problem, setProblem] = useState('');
  const codeRef = useRef<HTMLInputElement | null>(null);
  const resolver = useMemo(() => zodResolver(staffSignInSchema, translatedErrors(t)), [t]);
  const form = useForm<SignInValues, unknown, StaffSignIn>({
    resolver,
    defaultValues: { login: '', password: '' },
  });
  const signIn = useMutation({
    mutationFn: (body: StaffSignIn) => call(CONSOLE_ENDPOINTS.signIn, { body }),
    onSuccess: (me) => {
      client.setQueryData(queryKeys.me, me);
      navigate(nextPath(params.get('next')), { replace: true });
    },
    onError: (error) => {
      if (isApiError(error, 401, 'second_factor_required')) {
        setNeedsCode(true);
        setProblem(t('signIn.codeNeeded'));
        return;
      }
      setProblem(errorText(error));
    },
  });
  useEffect(() => {
    if (needsCode) codeRef.current?.focus();
  }, [needsCode]);
  const expired = params.get('expired') === '1';
  const codeField = form.register('code', { setValueAs: (value: string) => (value ? value.trim() : undefined) });

  return (
    <div className="sign-in-page">
      <header className="sign-in-header">
        <span className="product">{t('app.name')}</span>
        <LanguageSwitch />
      </header>
      <main id="main" className="sign-in-main">
        <h1>{t('signIn.title')}</h1>
        {expired ? <p className="notice">{t('signIn.expired')}</p> : null}
        <form
          className="sign-in-form"
          noValidate
          onSubmit={form.handleSubmit((values) => {
            setProblem('');
            signIn.mutate(values);
          })}
        >
          <TextField
            {...bind(form, 'login')}
            label={t('signIn.login')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextField
            {...bind(form, 'password')}
            type="password"
            label={t('signIn.password')}
            autoComplete="current-password"
          />
          {needsCode ? (
            <TextField
              error={form.formState.errors.code}
              label={t('signIn.code')}
              hint={t('signIn.codeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              registration={{
                ...codeField,
                ref: (element: HTMLInputElement | null) => {
                  codeField.ref(element);
                  codeRef.current = element;
                },
              }}
            />
          ) : null}
          <p className="form-problem" aria-live="assertive" aria-atomic="true">
            {problem}
          </p>
          <button type="submit" className="button primary" disabled={signIn.isPending}>
            {signIn.isPending ? t('signIn.busy') : t('signIn.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
