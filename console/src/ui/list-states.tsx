import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from './problem.tsx';

/**
 * A list page's table or what stands in for it: its status line while it first loads, the load's
 * error with a retry when there is nothing to show, its empty sentence, else the table.
 */
export function ListStates({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  isEmpty: boolean;
  empty: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <p className="page-status" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (query.isError && isEmpty) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty) return <p className="empty">{empty}</p>;
  return children;
}
