import {
  CONSOLE_ENDPOINTS,
  PROMO_TEXT_LANGUAGES,
  PROMOTION_PAGE_SIZES,
  type PromotionRow,
  type PromotionSort,
} from '@promo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createColumnHelper,
  type Header,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { useStaff } from '../../app/staff-context.tsx';
import { mayCall } from '../../lib/roles.ts';
import { MissingBadge, StateBadge } from '../../ui/badges.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { LoadError } from '../../ui/problem.tsx';
import { Time } from '../../ui/time.tsx';
import { useTitle } from '../../ui/use-title.ts';
import { LIST_FILTERS, type ListFilter, listQuery, readListParams, withChange } from './list-query.ts';
import { NewPromotionDialog } from './new-promotion-dialog.tsx';

const features = tableFeatures({ rowSortingFeature });
const column = createColumnHelper<typeof features, PromotionRow>();
const NO_ROWS: PromotionRow[] = [];
/** How long the search waits for the typing to stop. */
export const SEARCH_DEBOUNCE_MS = 300;

const ariaSort = (sorted: false | 'asc' | 'desc') =>
  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';

/** The promotions: filters, search, sort and pages on the server, all of them in the URL. */
export function PromotionsPage() {
  const { t } = useTranslation();
  useTitle(t('list.title'));
  const staff = useStaff();
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search);
  const query = listQuery(params);
  const [creating, setCreating] = useState(false);
  const mayCreate = mayCall(staff.role, CONSOLE_ENDPOINTS.create);
  const mayDuplicate = mayCreate && mayCall(staff.role, CONSOLE_ENDPOINTS.draftStart);

  const list = useQuery({
    queryKey: [...queryKeys.promotions, query],
    queryFn: ({ signal }) => call(CONSOLE_ENDPOINTS.promotions, { query, signal }),
    placeholderData: keepPreviousData,
  });

  const change = (values: Parameters<typeof withChange>[1]) => setSearch(withChange(search, values));

  const sorting: SortingState = params.sort ? [{ id: params.sort, desc: params.order === 'desc' }] : [];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const first = next[0];
    change({ sort: first?.id, order: first ? (first.desc ? 'desc' : 'asc') : undefined });
  };

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('title', {
          id: 'title' satisfies PromotionSort,
          header: t('list.columns.title'),
          cell: ({ row }) => (
            <div className="title-cell">
              <Link to={`/promotions/${encodeURIComponent(row.original.slug)}`}>{row.original.title}</Link>
              <code className="slug">{row.original.slug}</code>
            </div>
          ),
        }),
        column.accessor('state', {
          id: 'state' satisfies PromotionSort,
          header: t('list.columns.state'),
          cell: ({ row }) => (
            <div className="state-cell">
              <StateBadge state={row.original.state} />
              {row.original.state === 'scheduled' && row.original.publishAt !== null ? (
                <span className="muted">
                  <Time unix={row.original.publishAt} />
                </span>
              ) : null}
            </div>
          ),
        }),
        column.accessor('mechanic', {
          enableSorting: false,
          header: t('list.columns.mechanic'),
          cell: ({ row }) => t(`mechanic.${row.original.mechanic}`),
        }),
        column.accessor('product', {
          enableSorting: false,
          header: t('list.columns.product'),
          cell: ({ row }) => t(`product.${row.original.product}`),
        }),
        column.accessor('startsAt', {
          id: 'starts' satisfies PromotionSort,
          header: t('list.columns.schedule'),
          cell: ({ row }) => (
            <span className="schedule">
              <Time unix={row.original.startsAt} />
              {' – '}
              {row.original.endsAt === null ? t('schedule.longTerm') : <Time unix={row.original.endsAt} />}
            </span>
          ),
        }),
        column.display({
          id: 'languages',
          header: t('list.columns.languages'),
          cell: ({ row }) => (
            <span className="languages">
              {PROMO_TEXT_LANGUAGES.filter((language) => row.original.languages.includes(language)).map((language) => (
                <abbr key={language} className="badge language" title={t(`languages.${language}`)}>
                  {language.toUpperCase()}
                </abbr>
              ))}
              {row.original.missing.map((language) => (
                <MissingBadge key={language} language={language} />
              ))}
            </span>
          ),
        }),
        column.display({
          id: 'versions',
          header: t('list.columns.versions'),
          cell: ({ row }) => (
            <span>
              {t('list.latestVersion', { version: row.original.latestVersion })}
              <br />
              <span className="muted">
                {row.original.publishedVersion === null
                  ? t('list.notPublished')
                  : t('list.publishedVersion', { version: row.original.publishedVersion })}
              </span>
            </span>
          ),
        }),
        column.accessor('lastEditor', {
          enableSorting: false,
          header: t('list.columns.editor'),
        }),
        column.accessor('updatedAt', {
          id: 'updated' satisfies PromotionSort,
          header: t('list.columns.updated'),
          cell: ({ row }) => <Time unix={row.original.updatedAt} />,
        }),
        column.display({
          id: 'actions',
          header: () => <span className="visually-hidden">{t('list.columns.actions')}</span>,
          cell: ({ row }) => <RowMenu row={row.original} mayDuplicate={mayDuplicate} />,
        }),
      ]),
    [t, mayDuplicate],
  );

  const table = useTable({
    features,
    columns,
    data: list.data?.items ?? NO_ROWS,
    state: { sorting },
    onSortingChange,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
  });

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.size));

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('list.title')}</h1>
        {mayCreate ? (
          <button type="button" className="button primary" onClick={() => setCreating(true)}>
            {t('list.new')}
          </button>
        ) : null}
      </div>
      <Filters key={search.get('q') === null ? 'no-q' : 'q'} />
      <p className="result-count" role="status" aria-live="polite">
        {list.isFetching && !list.isPending ? t('common.updating') : list.data ? t('list.count', { count: total }) : ''}
      </p>
      {list.isPending ? (
        <p className="page-status" role="status">
          {t('common.loading')}
        </p>
      ) : list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
          {total === 0 ? (
            <div className="empty">
              <p>{t('list.empty')}</p>
              {search.toString() ? (
                <button type="button" className="button" onClick={() => setSearch(new URLSearchParams())}>
                  {t('list.clearFilters')}
                </button>
              ) : null}
            </div>
          ) : (
            <DataTable
              table={table}
              label={t('list.tableLabel')}
              className="promotions-table"
              rowKey={(row) => row.slug}
              head={table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <SortableHeader key={header.id} header={header}>
                      <table.FlexRender header={header} />
                    </SortableHeader>
                  ))}
                </tr>
              ))}
            />
          )}
          <Pagination page={params.page} pages={pages} size={params.size} onChange={change} />
        </>
      )}
      <NewPromotionDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

function SortableHeader({
  header,
  children,
}: {
  header: Header<typeof features, PromotionRow, unknown>;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  if (!header.column.getCanSort()) return <th scope="col">{children}</th>;
  const sorted = header.column.getIsSorted();
  return (
    <th scope="col" aria-sort={ariaSort(sorted)}>
      <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
        {children}
        <span className="sort-mark" aria-hidden="true">
          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
        </span>
        <span className="visually-hidden">
          {sorted === 'asc' ? t('list.sortedAsc') : sorted === 'desc' ? t('list.sortedDesc') : t('list.sortable')}
        </span>
      </button>
    </th>
  );
}

/** A row's actions: open it, or start a new draft as its copy (writers only). */
function RowMenu({ row, mayDuplicate }: { row: PromotionRow; mayDuplicate: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  // Open, it closes on Escape (focus back on its button) and on a click anywhere else.
  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) ref.current?.removeAttribute('open');
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [open]);
  return (
    <details
      className="row-menu"
      ref={ref}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !ref.current?.open) return;
        ref.current.removeAttribute('open');
        ref.current.querySelector('summary')?.focus();
      }}
    >
      <summary aria-label={t('list.actionsFor', { title: row.title })}>
        <span aria-hidden="true">⋯</span>
      </summary>
      <ul>
        <li>
          <Link to={`/promotions/${encodeURIComponent(row.slug)}`}>{t('list.open')}</Link>
        </li>
        {mayDuplicate ? (
          <li>
            <button
              type="button"
              onClick={() => {
                ref.current?.removeAttribute('open');
                navigate(`/promotions/new?from=${encodeURIComponent(row.slug)}`);
              }}
            >
              {t('list.duplicate')}
            </button>
          </li>
        ) : null}
      </ul>
    </details>
  );
}

function Filters() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search);
  const id = useId();
  const [text, setText] = useState(params.q ?? '');
  const pushed = useRef(params.q ?? '');

  // The URL changed under the field (back, a cleared filter): the field shows it.
  useEffect(() => {
    const q = params.q ?? '';
    if (q !== pushed.current) {
      pushed.current = q;
      setText(q);
    }
  }, [params.q]);

  useEffect(() => {
    const q = text.trim();
    if (q === pushed.current) return;
    const timer = setTimeout(() => {
      pushed.current = q;
      setSearch((current) => withChange(current, { q }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, setSearch]);

  const filters = Object.keys(LIST_FILTERS) as ListFilter[];
  return (
    <search className="filters" aria-label={t('list.filtersLabel')}>
      <div className="field grow">
        <label htmlFor={`${id}-q`}>{t('list.search')}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          maxLength={80}
          placeholder={t('list.searchPlaceholder')}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {filters.map((name) => (
        <div className="field" key={name}>
          <label htmlFor={`${id}-${name}`}>{t(`list.filters.${name}`)}</label>
          <select
            id={`${id}-${name}`}
            value={params[name] ?? ''}
            onChange={(event) => setSearch(withChange(search, { [name]: event.target.value }))}
          >
            <option value="">{t('list.filters.any')}</option>
            {LIST_FILTERS[name].map((value) => (
              <option key={value} value={value}>
                {t(`${FILTER_LABELS[name]}.${value}`)}
              </option>
            ))}
          </select>
        </div>
      ))}
    </search>
  );
}

/** The dictionary branch that names each filter's values. */
const FILTER_LABELS: Record<ListFilter, string> = {
  state: 'state',
  mechanic: 'mechanic',
  product: 'product',
  missing: 'languages',
};

function Pagination({
  page,
  pages,
  size,
  onChange,
}: {
  page: number;
  pages: number;
  size: number;
  onChange: (values: Parameters<typeof withChange>[1]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <nav className="pagination" aria-label={t('list.pages')}>
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onChange({ page: String(page - 1) })}
      >
        {t('list.previous')}
      </button>
      <span>{t('list.pageOf', { page, pages })}</span>
      <button
        type="button"
        className="button"
        disabled={page >= pages}
        onClick={() => onChange({ page: String(page + 1) })}
      >
        {t('list.next')}
      </button>
      <label htmlFor={id}>{t('list.pageSize')}</label>
      <select id={id} value={size} onChange={(event) => onChange({ size: event.target.value })}>
        {PROMOTION_PAGE_SIZES.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </nav>
  );
}
