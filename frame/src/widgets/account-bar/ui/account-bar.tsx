import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../../entities/user/index.ts';
import { AuthPrompt } from '../../../features/auth-prompt/index.ts';
import { GoBack } from '../../../features/go-back/index.ts';
import { AccountSwitcher } from '../../../features/switch-account/index.ts';
import { officePath } from '../../../shared/config/index.ts';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { formatMoney } from '../../../shared/lib/format/index.ts';
import { normalizeError } from '../../../shared/lib/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { Button, buttonClass, HostLink } from '../../../shared/ui/index.ts';
import styles from './account-bar.module.css';

function SignedInBar({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const balance = useBalance(userId);
  // 403: the host says signed in but the session here is a visitor's (it ended or never began).
  const ended = balance.isError && normalizeError(balance.error).statusCode === 403;
  useEffect(() => {
    // The session is unknown: the host checks its own and sends the user again (or none).
    if (ended) hostBridge.send('checkAuth', {});
  }, [ended]);
  if (balance.isPending) return <div className={styles.skeleton} aria-hidden="true" />;
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
        </p>
      )}
      {accounts.length > 1 && <AccountSwitcher userId={userId} accounts={accounts} />}
      <HostLink target={officePath('recharge')} className={buttonClass('primary', 'sm')}>
        {t('account_top_up')}
      </HostLink>
    </div>
  );
}

/**
 * The player's bar above every page: balance, account choice and top-up when signed in; sign-in
 * and registration for visitors when a host can open them (a plain browser has no such dialogs);
 * in an app, the way back.
 */
export function AccountBar() {
  const { t } = useTranslation();
  const userId = useGlobalStore((s) => s.userId);
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  const inApp = hostBridge.context().mobileApp;
  if (userId === null && !hostAvailable) return null;
  const account =
    userId === null ? (
      <div className={styles.row}>
        <AuthPrompt />
      </div>
    ) : (
      <SignedInBar userId={userId} />
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
