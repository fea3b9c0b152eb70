import { type PlayerHit, SUPPORT_ENDPOINTS } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { useStaff } from '../../app/staff-context.tsx';
import { mayCall } from '../../lib/roles.ts';
import { RoleForbidden } from '../../ui/forbidden.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { Time } from '../../ui/time.tsx';
import { useTitle } from '../../ui/use-title.ts';
import { RecordTable } from './record-table.tsx';

const NO_HITS: PlayerHit[] = [];

/**
 * `/support` (support, publishers, admins): a player looked up by exact login or id. The query is
 * in the address (`?q=`), so Back returns to the results; every look-up is audited by the server.
 */
export function SupportPage() {
  const { t } = useTranslation();
  useTitle(t('support.title'));
  const me = useStaff();
  if (!mayCall(me.role, SUPPORT_ENDPOINTS.playerSearch)) return <RoleForbidden title={t('support.title')} />;
  return <PlayerSearch />;
}

function PlayerSearch() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const [draft, setDraft] = useState(query);
  const inputId = useId();
  const hintId = useId();
  const search = useQuery({
    queryKey: queryKeys.playerSearch(query),
    queryFn: ({ signal }) => call(SUPPORT_ENDPOINTS.playerSearch, { query: { q: query }, signal }),
    enabled: query !== '',
  });
  const hits = search.data?.items ?? NO_HITS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (next) setParams({ q: next });
  };
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{t('support.title')}</h1>
          <p className="muted">{t('support.explain')}</p>
        </div>
        <Link to="/adjustments">{t('nav.adjustments')}</Link>
      </div>
      <search aria-label={t('support.searchLabel')}>
        <form className="filters" onSubmit={submit}>
          <div className="field">
            <label htmlFor={inputId}>{t('support.query')}</label>
            <input
              id={inputId}
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              aria-describedby={hintId}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={64}
            />
            <p className="hint" id={hintId}>
              {t('support.queryHint')}
            </p>
          </div>
          <button type="submit" className="button primary">
            {t('support.find')}
          </button>
        </form>
      </search>
      {query === '' ? null : (
        <ListStates query={search} isEmpty={hits.length === 0} empty={t('support.noneFound', { query })}>
          <RecordTable
            title={t('support.results')}
            empty=""
            rows={hits}
            rowKey={(hit) => hit.id}
            columns={[
              { id: 'id', header: t('support.columns.id'), cell: (hit) => hit.id },
              {
                id: 'login',
                header: t('support.columns.login'),
                cell: (hit) => <Link to={`/support/players/${hit.id}`}>{hit.login}</Link>,
              },
              { id: 'country', header: t('support.columns.country'), cell: (hit) => hit.countryCode },
              { id: 'since', header: t('support.columns.since'), cell: (hit) => <Time unix={hit.createdAt} /> },
              {
                id: 'verified',
                header: t('support.columns.verified'),
                cell: (hit) => (hit.verified ? t('common.yes') : t('common.no')),
              },
            ]}
          />
        </ListStates>
      )}
    </div>
  );
}
