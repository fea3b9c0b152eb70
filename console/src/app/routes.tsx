import { CONSOLE_PATH } from '@promo/contract';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, Navigate, type RouteObject, useRouteError } from 'react-router';
import { SignInPage } from '../pages/sign-in.tsx';
import { useTitle } from '../ui/use-title.ts';
import { Shell } from './shell.tsx';

/** Where the console lives on the server: every path under it is the console's page. */
export const CONSOLE_BASENAME = CONSOLE_PATH.replace(/\/$/, '');

/** The console's pages; each but the sign-in loads its code when first opened. */
export const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage />, errorElement: <RouteError /> },
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { index: true, element: <Navigate to="/promotions" replace /> },
      {
        path: 'promotions',
        lazy: () => import('../pages/promotions/promotions-page.tsx').then((m) => ({ Component: m.PromotionsPage })),
      },
      {
        path: 'promotions/new',
        lazy: () => import('../pages/editor/editor-page.tsx').then((m) => ({ Component: m.NewPromotionPage })),
      },
      {
        path: 'promotions/:slug',
        lazy: () => import('../pages/editor/editor-page.tsx').then((m) => ({ Component: m.EditPromotionPage })),
      },
      {
        path: 'promotions/:slug/versions/:version',
        lazy: () => import('../pages/editor/version-page.tsx').then((m) => ({ Component: m.VersionPage })),
      },
      {
        path: 'cms',
        lazy: () => import('../pages/cms/cms-pages-page.tsx').then((m) => ({ Component: m.CmsPagesPage })),
      },
      {
        path: 'cms/:type/:slug',
        lazy: () => import('../pages/cms/cms-editor-page.tsx').then((m) => ({ Component: m.CmsEditorPage })),
      },
      {
        path: 'audit',
        lazy: () => import('../pages/audit/audit-page.tsx').then((m) => ({ Component: m.AuditPage })),
      },
      {
        path: 'staff',
        lazy: () => import('../pages/staff/staff-page.tsx').then((m) => ({ Component: m.StaffPage })),
      },
      {
        path: 'keys',
        lazy: () => import('../pages/keys/keys-page.tsx').then((m) => ({ Component: m.KeysPage })),
      },
      {
        path: 'feed',
        lazy: () => import('../pages/feed/feed-page.tsx').then((m) => ({ Component: m.FeedPage })),
      },
      {
        path: 'art',
        lazy: () => import('../pages/art/art-page.tsx').then((m) => ({ Component: m.ArtPage })),
      },
      {
        path: 'sessions',
        lazy: () => import('../pages/sessions/sessions-page.tsx').then((m) => ({ Component: m.SessionsPage })),
      },
      {
        path: 'support',
        lazy: () => import('../pages/support/support-page.tsx').then((m) => ({ Component: m.SupportPage })),
      },
      {
        path: 'support/players/:id',
        lazy: () => import('../pages/support/player-page.tsx').then((m) => ({ Component: m.PlayerPage })),
      },
      {
        path: 'adjustments',
        lazy: () => import('../pages/support/adjustments-page.tsx').then((m) => ({ Component: m.AdjustmentsPage })),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** While the first page's code loads. */
function PageLoading() {
  const { t } = useTranslation();
  return (
    <p className="page-status" role="status">
      {t('common.loading')}
    </p>
  );
}

function NotFound() {
  const { t } = useTranslation();
  useTitle(t('app.notFound'));
  return (
    <div className="page">
      <h1>{t('app.notFound')}</h1>
      <p>
        <Link to="/promotions">{t('editor.backToList')}</Link>
      </p>
    </div>
  );
}

/** A page that failed to render or load its code: what happened and a way back. */
function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error('console: a page failed', error);
  return (
    <main id="main" className="page">
      <h1>{isRouteErrorResponse(error) && error.status === 404 ? t('app.notFound') : t('app.pageFailed')}</h1>
      <p>
        <a href={`${CONSOLE_BASENAME}/promotions`}>{t('editor.backToList')}</a>
      </p>
    </main>
  );
}
