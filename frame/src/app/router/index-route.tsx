import { lazy } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from './root-loader.ts';

const HomePage = lazy(() => import('../../pages/home/index.ts').then((m) => ({ default: m.HomePage })));
const ComingSoonPage = lazy(() =>
  import('../../pages/coming-soon/index.ts').then((m) => ({ default: m.ComingSoonPage })),
);

/** `/` is home; `/{section}` (one segment, not a language) is a CMS section page. */
export function IndexRoute() {
  const data = useRouteLoaderData('root') as RootData | undefined;
  return data?.sectionFromLng ? <ComingSoonPage /> : <HomePage />;
}
