import { type CmsPageRow, CONSOLE_CMS_ENDPOINTS } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/client.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { Time } from '../../ui/time.tsx';
import { useTitle } from '../../ui/use-title.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, CmsPageRow>();

/** `/cms`: every CMS page (bonus, landing, headless) with its languages and versions; each opens in the editor. */
export function CmsPagesPage() {
  const { t } = useTranslation();
  useTitle(t('cms.title'));
  const pages = useQuery({
    queryKey: ['cms-pages'],
    queryFn: ({ signal }) => call(CONSOLE_CMS_ENDPOINTS.cmsPages, { signal }),
  });
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('type', { header: t('cms.columns.type') }),
        column.accessor('slug', {
          header: t('cms.columns.page'),
          cell: ({ row }) => (
            // A whole document load: the editor's page has its own policy (decision 050, Puck's styles).
            <Link reloadDocument to={`/cms/${row.original.type}/${row.original.slug}`}>
              {row.original.title} <span className="muted">({row.original.slug})</span>
            </Link>
          ),
        }),
        column.accessor('languages', {
          header: t('cms.columns.languages'),
          cell: ({ row }) => row.original.languages.join(', '),
        }),
        column.accessor('latestVersion', { header: t('cms.columns.latest') }),
        column.accessor('publishedVersion', {
          header: t('cms.columns.published'),
          cell: ({ row }) => row.original.publishedVersion ?? t('cms.unpublished'),
        }),
        column.accessor('updatedAt', {
          header: t('cms.columns.updated'),
          cell: ({ row }) => (
            <>
              <Time unix={row.original.updatedAt} /> {row.original.lastEditor ?? ''}
            </>
          ),
        }),
      ]),
    [t],
  );
  const table = useTable({ features, columns, data: pages.data ?? [] });
  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('cms.title')}</h1>
      </div>
      <p className="muted">{t('cms.explain')}</p>
      <ListStates query={pages} isEmpty={!pages.data?.length} empty={t('cms.empty')}>
        {pages.data ? (
          <DataTable
            label={t('cms.title')}
            className="cms-table"
            table={table}
            rowKey={(row) => `${row.type}/${row.slug}`}
          />
        ) : null}
      </ListStates>
    </div>
  );
}
