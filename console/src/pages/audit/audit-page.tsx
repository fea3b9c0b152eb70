import { AUDIT_ENTITIES, type AuditEntry, CONSOLE_ENDPOINTS, promotionProblemSchema } from '@promo/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { type FormEvent, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { showValue } from '../../lib/diff.ts';
import { dateInputToIso } from '../../lib/time.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { LoadError } from '../../ui/problem.tsx';
import { Time } from '../../ui/time.tsx';
import { useTitle } from '../../ui/use-title.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, AuditEntry>();
const NO_ENTRIES: AuditEntry[] = [];
/** Entries per page of the log. */
export const AUDIT_PAGE_SIZE = 50;

/** The filters as the URL holds them: a staff login, an entity, a date range (the browser's days). */
function readFilters(search: URLSearchParams) {
  const entity = search.get('entity');
  const date = (name: string) => {
    const value = search.get(name) ?? '';
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
  };
  return {
    staff: (search.get('staff') ?? '').trim().toLowerCase(),
    entity: (AUDIT_ENTITIES as readonly string[]).includes(entity ?? '') ? (entity as string) : '',
    from: date('from'),
    to: date('to'),
  };
}

/** The audit log: every write, newest first; filters in the URL; more entries on demand. */
export function AuditPage() {
  const { t } = useTranslation();
  useTitle(t('audit.title'));
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const filters = readFilters(search);
  const query = {
    staff: filters.staff || undefined,
    entity: filters.entity || undefined,
    // A day is the browser's day: from its midnight to the next (`to` is exclusive).
    from: filters.from ? (dateInputToIso(filters.from) ?? undefined) : undefined,
    to: filters.to ? (dateInputToIso(filters.to, true) ?? undefined) : undefined,
    size: String(AUDIT_PAGE_SIZE),
  };
  const log = useInfiniteQuery({
    queryKey: [...queryKeys.audit, query],
    queryFn: ({ pageParam, signal }) =>
      call(CONSOLE_ENDPOINTS.audit, {
        query: { ...query, before: pageParam === null ? undefined : String(pageParam) },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  });
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.items) ?? NO_ENTRIES, [log.data]);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('at', { header: t('audit.columns.time'), cell: ({ row }) => <Time unix={row.original.at} /> }),
        column.accessor('actor', { header: t('audit.columns.actor') }),
        column.accessor('address', {
          header: t('audit.columns.address'),
          cell: ({ row }) => <code>{row.original.address}</code>,
        }),
        column.display({
          id: 'entity',
          header: t('audit.columns.entity'),
          cell: ({ row }) => <EntityCell entry={row.original} />,
        }),
        column.accessor('action', { header: t('audit.columns.action') }),
        column.display({
          id: 'diff',
          header: t('audit.columns.diff'),
          cell: ({ row }) => <CompactDiff diff={row.original.diff} />,
        }),
        column.accessor('version', {
          header: t('audit.columns.version'),
          cell: ({ row }) => (row.original.version === null ? '—' : row.original.version),
        }),
      ]),
    [t],
  );
  const table = useTable({ features, columns, data: entries });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['staff', 'entity', 'from', 'to']) {
      const value = String(data.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setSearch(next);
  };

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('audit.title')}</h1>
      </div>
      <form className="filters" onSubmit={onSubmit} key={search.toString()} aria-label={t('audit.filters')}>
        <div className="field">
          <label htmlFor={`${id}-staff`}>{t('audit.staff')}</label>
          <input
            id={`${id}-staff`}
            name="staff"
            defaultValue={filters.staff}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-entity`}>{t('audit.entity')}</label>
          <select id={`${id}-entity`} name="entity" defaultValue={filters.entity}>
            <option value="">{t('list.filters.any')}</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {t(`audit.entities.${entity}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('audit.from')}</label>
          <input id={`${id}-from`} name="from" type="date" defaultValue={filters.from} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('audit.to')}</label>
          <input id={`${id}-to`} name="to" type="date" defaultValue={filters.to} />
        </div>
        <div className="filter-actions">
          <button type="submit" className="button primary">
            {t('audit.apply')}
          </button>
          {search.toString() ? (
            <button type="button" className="button" onClick={() => setSearch(new URLSearchParams())}>
              {t('list.clearFilters')}
            </button>
          ) : null}
        </div>
      </form>
      <ListStates query={log} isEmpty={entries.length === 0} empty={t('audit.empty')}>
        <DataTable table={table} label={t('audit.tableLabel')} className="audit-table" rowKey={(entry) => entry.id} />
        {log.isError ? <LoadError error={log.error} onRetry={() => void log.fetchNextPage()} /> : null}
        <div className="load-more" aria-live="polite">
          {log.hasNextPage ? (
            <button
              type="button"
              className="button"
              onClick={() => void log.fetchNextPage()}
              disabled={log.isFetchingNextPage}
            >
              {log.isFetchingNextPage ? t('common.loading') : t('audit.loadMore')}
            </button>
          ) : (
            <p className="muted">{t('audit.end', { count: entries.length })}</p>
          )}
        </div>
      </ListStates>
    </div>
  );
}

/** The entity and its id; a promotion links to its editor (at the version the change made), a CMS page to its editor. */
function EntityCell({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const name = (AUDIT_ENTITIES as readonly string[]).includes(entry.entity)
    ? t(`audit.entities.${entry.entity}`)
    : entry.entity;
  return (
    <span>
      {name}{' '}
      {entry.entity === 'promotion' ? (
        <Link
          to={`/promotions/${encodeURIComponent(entry.entityId)}${entry.version === null ? '' : `/versions/${entry.version}`}`}
        >
          {entry.entityId}
        </Link>
      ) : entry.entity === 'cms-page' ? (
        // The CMS editor's page is loaded whole (its own content security policy, decision 050).
        <Link reloadDocument to={`/cms/${entry.entityId}`}>
          {entry.entityId}
        </Link>
      ) : (
        <code>{entry.entityId}</code>
      )}
    </span>
  );
}

const problemsSchema = z.array(promotionProblemSchema);

/**
 * A changed value as one line: the problems a list holds (a scheduled publication that failed its
 * checks) by their sentences, in full; anything else as written, clipped.
 */
function shown(value: unknown): string {
  const problems = z.safeParse(problemsSchema, value);
  if (problems.success && problems.data.length > 0) return problems.data.map(({ message }) => message).join('; ');
  return clip(showValue(value));
}

/** The changed fields, one line each: path: before → after. */
function CompactDiff({ diff }: { diff: AuditEntry['diff'] }) {
  const entries = Object.entries(diff);
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="compact-diff">
      {entries.map(([path, [before, after]]) => (
        <li key={path}>
          <code>{path}</code>: <span className="diff-before">{shown(before)}</span> →{' '}
          <span className="diff-after">{shown(after)}</span>
        </li>
      ))}
    </ul>
  );
}

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);
