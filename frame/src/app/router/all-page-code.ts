import type { RouteObject } from 'react-router';

/**
 * Loads the code of every page and part a render of `routes` may need: each route's module (with
 * what it imports, the CMS sanitizer's DOM among it) and every promotion widget. A render thread
 * runs it once at start on the table it renders with (entry-server.tsx, render-worker.ts), so that
 * its first visitor's page costs what the next ones do.
 */
export async function loadAllPageCode(routes: readonly RouteObject[]): Promise<void> {
  const load = (table: readonly RouteObject[]): Promise<unknown> =>
    Promise.all(
      table.map(async (route) => {
        if (typeof route.lazy === 'function') await route.lazy();
        await load(route.children ?? []);
      }),
    );
  const [{ loadAllMechanics }] = await Promise.all([import('../../pages/promotion/index.ts'), load(routes)]);
  await loadAllMechanics();
}
