import { CONSOLE_ENDPOINTS } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { useTitle } from '../../ui/use-title.ts';
import { LiveSessions } from './live-sessions.tsx';

/**
 * `/sessions` (every role): where the member is signed in, this browser marked, and ending any of
 * them (a lost laptop, a shared machine); ending this one signs out.
 */
export function SessionsPage() {
  const { t } = useTranslation();
  useTitle(t('sessions.title'));
  const list = useQuery({
    queryKey: queryKeys.mySessions,
    queryFn: ({ signal }) => call(CONSOLE_ENDPOINTS.mySessions, { signal }),
  });
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{t('sessions.title')}</h1>
          <p className="muted">{t('sessions.explain')}</p>
        </div>
      </div>
      <LiveSessions list={list} everyone={false} label={t('sessions.tableLabel')} />
    </div>
  );
}
