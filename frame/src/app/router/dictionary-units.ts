import type { RouteDictionaryUnit } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { MiddlewareFunction } from 'react-router';
import { dictionaryUnitQuery } from '../../shared/api/index.ts';
import { scopeOf } from '../../shared/model/index.ts';
import { rootDataContext } from './root-data.ts';
import { clientOf } from './route-context.ts';

/** Failures already logged: one line per failed request, however many waited for it. */
const reported = new WeakSet<object>();

/**
 * Loads the dictionary units of `lng` a page needs (spec 7), each from the query cache when it is
 * there, all at once. A unit that fails is logged by name and its keys read as empty text (spec 8,
 * missing translation); the page goes on without it.
 */
export async function loadDictionaryUnits(
  queryClient: QueryClient,
  lng: string,
  units: readonly RouteDictionaryUnit[],
): Promise<void> {
  await Promise.all(
    units.map(async (unit) => {
      try {
        const answer = await queryClient.ensureQueryData(dictionaryUnitQuery(lng, unit));
        scopeOf(queryClient).i18n.addDictionaryUnit(lng, answer.dictionary);
      } catch (error) {
        // Two pages' middleware can wait for one failed request (the root's on a language change).
        if (reported.has(error as object)) return;
        reported.add(error as object);
        console.error(`i18n: the dictionary unit "${unit}" (${lng}) did not load; its texts are empty`, error);
      }
    }),
  );
}

/**
 * Route middleware for the units a route's metadata names: they load while the route's loaders
 * fetch the page's data, and the page renders once both are there.
 */
export const dictionaryMiddleware =
  (units: readonly RouteDictionaryUnit[]): MiddlewareFunction =>
  async ({ context }, next) => {
    const loading = loadDictionaryUnits(clientOf({ context }), context.get(rootDataContext).lng, units);
    const result = await next();
    await loading;
    return result;
  };
