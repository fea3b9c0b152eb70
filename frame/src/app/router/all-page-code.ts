import type { RouteObject } from 'react-router';
import { FRAME_BASENAME } from '../../shared/config/index.ts';
import { createRoutes } from './routes.tsx';

/**
 * Loads the code of every page and part a render may need: each route's module (with what it
 * imports, the CMS sanitizer's DOM among it) and every promotion widget. A render thread runs it
 * once at start (entry-server.tsx, render-worker.ts), so that its first visitor's page costs what
 * the next ones do.
 */
export async function loadAllPageCode(): Promise<void> {
  const load = (routes: RouteObject[]): Promise<unknown> =>
    Promise.all(
      routes.map(async (route) => {
        if (typeof route.lazy === 'function') await route.lazy();
        await load(route.children ?? []);
      }),
    );
  const [{ loadAllMechanics }] = await Promise.all([
    import('../../pages/promotion/index.ts'),
    load(createRoutes(FRAME_BASENAME)),
  ]);
  await loadAllMechanics();
}
