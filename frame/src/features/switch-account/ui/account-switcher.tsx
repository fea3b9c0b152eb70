import type { Account } from '@promo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQueryKey, setActiveAccount } from '../../../entities/user/index.ts';
import { isTransportError } from '../../../shared/lib/idempotent-mutation/index.ts';
import { normalizeError } from '../../../shared/lib/index.ts';
import styles from './account-switcher.module.css';

/**
 * Chooses the active money account. The server decides (setactiveaccount answers with the
 * accounts as they now are); the control is locked while a switch is under way. A lost answer asks
 * to try again; a refusal gives the server's reason, in the player's language.
 */
export function AccountSwitcher({ userId, accounts }: { userId: number; accounts: Account[] }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: setActiveAccount,
    onSuccess: (balance) => queryClient.setQueryData(balanceQueryKey(userId), balance),
  });
  const active = accounts.find((account) => account.active);
  return (
    <div className={styles.switcher}>
      <label htmlFor={id} className={styles.label}>
        {t('account_switch_label')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={active?.id ?? ''}
        disabled={mutation.isPending}
        aria-busy={mutation.isPending || undefined}
        onChange={(event) => mutation.mutate(Number(event.target.value))}
      >
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.currencyCode}
          </option>
        ))}
      </select>
      {mutation.isError && (
        <p role="alert" className={styles.error}>
          {isTransportError(mutation.error) ? t('account_switch_failed') : normalizeError(mutation.error).message}
        </p>
      )}
    </div>
  );
}
