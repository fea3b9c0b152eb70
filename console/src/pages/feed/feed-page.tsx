import { FEED_HEALTH_ENDPOINTS, type FeedHealth, type FeedRefusal, type FeedSource } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/client.ts';
import { useStaff } from '../../app/staff-context.tsx';
import { mayCall } from '../../lib/roles.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { LoadError } from '../../ui/problem.tsx';
import { Time } from '../../ui/time.tsx';
import { useTitle } from '../../ui/use-title.ts';

/** How often the page asks again while it is open. */
export const FEED_REFRESH_MS = 15_000;
/** The window the page shows (the server's default). */
const MINUTES = 60;

type ByCode = FeedHealth['refusals']['byCode'][number];
type Mismatch = FeedHealth['ledger']['mismatches'][number];

const features = tableFeatures({});
const byCodeColumn = createColumnHelper<typeof features, ByCode>();
const refusalColumn = createColumnHelper<typeof features, FeedRefusal>();
const sourceColumn = createColumnHelper<typeof features, FeedSource>();
const mismatchColumn = createColumnHelper<typeof features, Mismatch>();

/** `/feed` (support, publishers, admins): the settlement feed's rate, refusals, sources and the ledger check. */
export function FeedPage() {
  const { t } = useTranslation();
  useTitle(t('feed.title'));
  const me = useStaff();
  if (!mayCall(me.role, FEED_HEALTH_ENDPOINTS.feedHealth)) {
    return (
      <div className="page">
        <h1>{t('feed.title')}</h1>
        <p className="notice">
          {t('feed.forbidden', { role: t(`role.${me.role}`) })} <Link to="/promotions">{t('editor.backToList')}</Link>
        </p>
      </div>
    );
  }
  return <FeedHealthView />;
}

function FeedHealthView() {
  const { t } = useTranslation();
  const health = useQuery({
    queryKey: ['feed-health', MINUTES],
    queryFn: ({ signal }) => call(FEED_HEALTH_ENDPOINTS.feedHealth, { query: { minutes: MINUTES }, signal }),
    refetchInterval: FEED_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const data = health.data;

  return (
    <div className="page feed-page">
      <div className="page-head">
        <h1>{t('feed.title')}</h1>
        <div className="feed-refresh">
          {/* Not a live region: a line read out every 15 s would drown the page. */}
          <p className="muted feed-updated">
            {data ? (
              <>
                {t('feed.updatedAt')} <Time unix={Math.floor(health.dataUpdatedAt / 1000)} />
              </>
            ) : null}
            {health.isFetching ? <> · {t('common.updating')}</> : null}
          </p>
          <button type="button" className="button" onClick={() => void health.refetch()} disabled={health.isFetching}>
            {t('feed.refresh')}
          </button>
        </div>
      </div>
      <p className="muted">{t('feed.explain', { seconds: FEED_REFRESH_MS / 1000 })}</p>
      <ListStates query={health} isEmpty={!data} empty={t('feed.empty')}>
        {health.isError ? <LoadError error={health.error} onRetry={() => void health.refetch()} /> : null}
        {data ? <Health data={data} /> : null}
      </ListStates>
    </div>
  );
}

function Health({ data }: { data: FeedHealth }) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => n.toLocaleString(i18n.language);
  return (
    <>
      <dl className="facts feed-totals">
        <dt>{t('feed.totals.items', { minutes: data.minutes })}</dt>
        <dd>{number(data.totals.items)}</dd>
        <dt>{t('feed.totals.refusedBatches')}</dt>
        <dd>{number(data.totals.refusedBatches)}</dd>
        <dt>{t('feed.totals.refusedItems')}</dt>
        <dd>{number(data.totals.refusedItems)}</dd>
        <dt>{t('feed.totals.sources')}</dt>
        <dd>{number(data.sources.length)}</dd>
      </dl>
      <LedgerPanel ledger={data.ledger} />
      <PerMinute data={data} />
      <Refusals data={data} />
      <Sources sources={data.sources} />
    </>
  );
}

/** The ledger check: a green line when every balance is explained, else red with the accounts that are not. */
function LedgerPanel({ ledger }: { ledger: FeedHealth['ledger'] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const columns = useMemo(
    () =>
      mismatchColumn.columns([
        mismatchColumn.accessor('accountId', {
          header: t('feed.ledger.columns.account'),
          cell: ({ row }) => (row.original.accountId === null ? t('feed.ledger.noAccount') : row.original.accountId),
        }),
        mismatchColumn.accessor('userId', { header: t('feed.ledger.columns.player') }),
        mismatchColumn.accessor('currencyCode', { header: t('feed.ledger.columns.currency') }),
        mismatchColumn.accessor('balance', {
          header: t('feed.ledger.columns.balance'),
          cell: ({ row }) => <code>{row.original.balance ?? '—'}</code>,
        }),
        mismatchColumn.accessor('ledger', {
          header: t('feed.ledger.columns.ledger'),
          cell: ({ row }) => <code>{row.original.ledger}</code>,
        }),
        mismatchColumn.accessor('entries', { header: t('feed.ledger.columns.entries') }),
        mismatchColumn.accessor('brokenEntryId', {
          header: t('feed.ledger.columns.brokenEntry'),
          cell: ({ row }) => row.original.brokenEntryId ?? '—',
        }),
      ]),
    [t],
  );
  const table = useTable({ features, columns, data: ledger.mismatches });
  return (
    <section className={ledger.ok ? 'feed-ledger ok' : 'feed-ledger broken'} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('feed.ledger.title')}</h2>
      <p className="feed-ledger-state">
        <span className={ledger.ok ? 'badge status-on' : 'badge status-off'}>
          {ledger.ok ? t('feed.ledger.okBadge') : t('feed.ledger.brokenBadge')}
        </span>{' '}
        {ledger.ok
          ? t('feed.ledger.ok', { accounts: ledger.accounts })
          : t('feed.ledger.broken', { count: ledger.mismatches.length, accounts: ledger.accounts })}
      </p>
      {ledger.ok ? null : (
        <DataTable
          table={table}
          label={t('feed.ledger.tableLabel')}
          className="feed-table"
          rowKey={(row) => `${row.userId}:${row.currencyCode}`}
        />
      )}
    </section>
  );
}

/** Items per minute: bars drawn in SVG (hidden from assistive tech), the same figures as a table beneath. */
function PerMinute({ data }: { data: FeedHealth }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const summaryId = useId();
  const clock = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }),
    [i18n.language],
  );
  const buckets = data.perMinute;
  const peak = buckets.reduce((best, bucket) => (bucket.items > best.items ? bucket : best), {
    at: 0,
    items: 0,
  });
  const top = Math.max(1, peak.items);
  const width = buckets.length * 8;
  const summary =
    peak.items === 0
      ? t('feed.perMinute.none', { minutes: data.minutes })
      : t('feed.perMinute.summary', {
          count: data.totals.items,
          minutes: data.minutes,
          items: data.totals.items.toLocaleString(i18n.language),
          peak: peak.items.toLocaleString(i18n.language),
          at: clock.format(peak.at * 1000),
        });
  return (
    <section className="feed-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('feed.perMinute.title')}</h2>
      <p id={summaryId}>{summary}</p>
      <svg
        className="feed-chart"
        viewBox={`0 0 ${width} 60`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={summaryId}
      >
        <title>{summary}</title>
        {buckets.map((bucket, index) => {
          const height = bucket.items === 0 ? 0 : Math.max(2, (bucket.items / top) * 58);
          return <rect key={bucket.at} x={index * 8 + 1} y={60 - height} width={6} height={height} />;
        })}
        <line x1={0} y1={59.5} x2={width} y2={59.5} />
      </svg>
      <div className="feed-chart-axis" aria-hidden="true">
        <span>{t('feed.perMinute.from', { minutes: data.minutes })}</span>
        <span>{t('feed.perMinute.to')}</span>
      </div>
      <details className="feed-buckets">
        <summary>{t('feed.perMinute.showTable')}</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls takes focus to scroll by keyboard */}
        <section className="table-scroll feed-buckets-scroll" tabIndex={0} aria-label={t('feed.perMinute.tableLabel')}>
          <table className="data-table feed-table">
            <thead>
              <tr>
                <th scope="col">{t('feed.perMinute.minute')}</th>
                <th scope="col">{t('feed.perMinute.items')}</th>
              </tr>
            </thead>
            <tbody>
              {buckets.map((bucket) => (
                <tr key={bucket.at}>
                  <td>
                    <time dateTime={new Date(bucket.at * 1000).toISOString()}>{clock.format(bucket.at * 1000)}</time>
                  </td>
                  <td>{bucket.items}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </section>
  );
}

function Refusals({ data }: { data: FeedHealth }) {
  const { t } = useTranslation();
  const headingId = useId();
  const codeColumns = useMemo(
    () =>
      byCodeColumn.columns([
        byCodeColumn.accessor('code', {
          header: t('feed.refusals.columns.code'),
          cell: ({ row }) => <code>{row.original.code}</code>,
        }),
        byCodeColumn.accessor('batches', { header: t('feed.refusals.columns.batches') }),
        byCodeColumn.accessor('items', { header: t('feed.refusals.columns.items') }),
        byCodeColumn.accessor('lastAt', {
          header: t('feed.refusals.columns.last'),
          cell: ({ row }) => <Time unix={row.original.lastAt} />,
        }),
      ]),
    [t],
  );
  const latestColumns = useMemo(
    () =>
      refusalColumn.columns([
        refusalColumn.accessor('at', {
          header: t('feed.refusals.columns.at'),
          cell: ({ row }) => <Time unix={row.original.at} />,
        }),
        refusalColumn.accessor('code', {
          header: t('feed.refusals.columns.code'),
          cell: ({ row }) => <code>{row.original.code}</code>,
        }),
        refusalColumn.accessor('status', { header: t('feed.refusals.columns.status') }),
        refusalColumn.accessor('caller', {
          header: t('feed.refusals.columns.caller'),
          cell: ({ row }) => <code>{row.original.caller}</code>,
        }),
        refusalColumn.accessor('items', { header: t('feed.refusals.columns.items') }),
      ]),
    [t],
  );
  const codes = useTable({ features, columns: codeColumns, data: data.refusals.byCode });
  const latest = useTable({ features, columns: latestColumns, data: data.refusals.latest });
  return (
    <section className="feed-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('feed.refusals.title', { minutes: data.minutes })}</h2>
      {data.refusals.byCode.length === 0 ? (
        <p className="empty">{t('feed.refusals.empty', { minutes: data.minutes })}</p>
      ) : (
        <div className="feed-pair">
          <DataTable
            table={codes}
            label={t('feed.refusals.byCodeLabel')}
            className="feed-table"
            rowKey={(row) => row.code}
          />
          <DataTable
            table={latest}
            label={t('feed.refusals.latestLabel')}
            className="feed-table"
            rowKey={(row) => `${row.at}:${row.code}:${row.caller}:${row.items}`}
          />
        </div>
      )}
    </section>
  );
}

function Sources({ sources }: { sources: readonly FeedSource[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const columns = useMemo(
    () =>
      sourceColumn.columns([
        sourceColumn.accessor('caller', {
          header: t('feed.sources.columns.caller'),
          cell: ({ row }) => <code>{row.original.caller}</code>,
        }),
        sourceColumn.accessor('kind', {
          header: t('feed.sources.columns.kind'),
          cell: ({ row }) => t(`feed.kind.${row.original.kind}`),
        }),
        sourceColumn.accessor('at', {
          header: t('feed.sources.columns.at'),
          cell: ({ row }) => <Time unix={row.original.at} />,
        }),
        sourceColumn.accessor('externalId', {
          header: t('feed.sources.columns.externalId'),
          cell: ({ row }) => <code>{row.original.externalId}</code>,
        }),
        sourceColumn.accessor('settledAt', {
          header: t('feed.sources.columns.settledAt'),
          cell: ({ row }) => <Time unix={row.original.settledAt} />,
        }),
        sourceColumn.accessor('items', { header: t('feed.sources.columns.items') }),
      ]),
    [t],
  );
  const table = useTable({ features, columns, data: sources as FeedSource[] });
  return (
    <section className="feed-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('feed.sources.title')}</h2>
      <p className="muted">{t('feed.sources.explain')}</p>
      {sources.length === 0 ? (
        <p className="empty">{t('feed.sources.empty')}</p>
      ) : (
        <DataTable
          table={table}
          label={t('feed.sources.tableLabel')}
          className="feed-table"
          rowKey={(row) => `${row.caller}:${row.kind}`}
        />
      )}
    </section>
  );
}
