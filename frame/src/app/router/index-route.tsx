import type { ReactNode } from 'react';
import { type RouteObject, useRouteLoaderData } from 'react-router';
import type { RootData } from './root-loader.ts';

function IndexSwitch({ home, section }: { home: ReactNode; section: ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  return data?.sectionFromLng ? section : home;
}

/**
 * `/` is home; `/{section}` (one segment, not a language) is a CMS section page. Both page modules
 * load in the route's `lazy`, before the first render, so nothing renders under a fallback and
 * then jumps (a Suspense fallback here shifted the footer: CLS 0.145).
 */
export const indexRoute: RouteObject = {
  index: true,
  lazy: async () => {
    const [{ HomePage }, { ComingSoonPage }] = await Promise.all([
      import('../../pages/home/index.ts'),
      import('../../pages/coming-soon/index.ts'),
    ]);
    return { element: <IndexSwitch home={<HomePage />} section={<ComingSoonPage />} /> };
  },
};
