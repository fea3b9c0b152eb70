import type { Account } from '@promo/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountsTotal, useBalance } from '../../../entities/user/index.ts';
import { AuthPrompt } from '../../../features/auth-prompt/index.ts';
import { SignIn, SignOut } from '../../../features/frame-sign-in/index.ts';
import { GoBack } from '../../../features/go-back/index.ts';
import { AccountSwitcher } from '../../../features/switch-account/index.ts';
import { officePath } from '../../../shared/config/index.ts';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { formatMoney } from '../../../shared/lib/format/index.ts';
import { normalizeError } from '../../../shared/lib/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { Button, buttonClass, HostLink } from '../../../shared/ui/index.ts';
import styles from './account-bar.module.css';

/**
 * All the player's accounts in the active one's currency, as the server adds them up; only with
 * more than one account. It takes the balance line's free space and no more (account-bar.module.css),
 * so its arrival or absence (loading, a refusal, a lost answer) never moves the bar.
 */
function AccountsTotal({ userId, accounts }: { userId: number; accounts: Account[] }) {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const { data: total } = useAccountsTotal(userId, accounts);
  const text = total ? t('account_total', { amount: formatMoney(total.amount, total.currencyCode, language) }) : '';
  return (
    <span className={styles.total} data-testid="accounts-total" title={text || undefined}>
      {text}
    </span>
  );
}

function SignedInBar({ userId, ownSignIn }: { userId: number; ownSignIn: boolean }) {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const balance = useBalance(userId);
  // 403: the host says signed in but the session here is a visitor's (it ended or never began).
  const ended = balance.isError && normalizeError(balance.error).statusCode === 403;
  useEffect(() => {
    // The session is unknown: the host checks its own and sends the user again (or none).
    if (ended && !ownSignIn) hostBridge.send('checkAuth', {});
  }, [ended, ownSignIn]);
  if (balance.isPending) return <div className={styles.skeleton} aria-hidden="true" />;
  if (ended && ownSignIn) {
    // No host to ask: the session is over, and the frame's own sign-in starts a new one.
    return (
      <div className={styles.row}>
        <p role="alert" className={styles.message}>
          {t('account_session_ended')}
        </p>
        <SignIn />
      </div>
    );
  }
  if (balance.isError) {
    return (
      <div className={styles.row}>
        <p role="alert" className={styles.message}>
          {t(ended ? 'account_session_ended' : 'account_load_failed')}
        </p>
        {ended ? (
          <AuthPrompt registration={false} />
        ) : (
          <Button size="sm" variant="secondary" onClick={() => void balance.refetch()}>
            {t('retry')}
          </Button>
        )}
      </div>
    );
  }
  const { accounts } = balance.data;
  const active = accounts.find((account) => account.active) ?? accounts[0];
  return (
    <div className={styles.row}>
      {active && (
        <p className={styles.balance}>
          <span className={styles.caption}>{t('account_balance')}</span>
          <strong data-testid="account-balance">{formatMoney(active.amount, active.currencyCode, language)}</strong>
          <AccountsTotal userId={userId} accounts={accounts} />
        </p>
      )}
      {accounts.length > 1 && <AccountSwitcher userId={userId} accounts={accounts} />}
      <HostLink target={officePath('recharge')} className={buttonClass('primary', 'sm')}>
        {t('account_top_up')}
      </HostLink>
      {ownSignIn && <SignOut />}
    </div>
  );
}

/**
 * The player's bar above every page: balance, account choice and top-up when signed in; sign-in
 * and registration for visitors. Inside a host page or an app the host opens its own dialogs (the
 * frame asks it); in a plain browser nobody would answer, so the frame signs in and out itself
 * (decision 029). In an app, the way back.
 */
export function AccountBar() {
  const { t } = useTranslation();
  const userId = useGlobalStore((s) => s.userId);
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  const inApp = hostBridge.context().mobileApp;
  const ownSignIn = !hostAvailable && !inApp;
  const account =
    userId === null ? (
      <div className={styles.row}>{ownSignIn ? <SignIn /> : <AuthPrompt />}</div>
    ) : (
      <SignedInBar userId={userId} ownSignIn={ownSignIn} />
    );
  return (
    <section aria-label={t('account_bar_label')} className={styles.bar}>
      {inApp ? (
        // An app webview has no back button of its own: the bar carries one.
        <div className={styles.withBack}>
          <GoBack />
          {account}
        </div>
      ) : (
        account
      )}
    </section>
  );
}
