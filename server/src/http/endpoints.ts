import { cacheControl, type Endpoint, serverRoute } from '@promo/contract';
import type { FastifyReply, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod/mini';
import { type Api, type ApiRequest, noQuery } from './validation.ts';

type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodMiniType ? E['params'] : undefined;
type QueryOf<E extends Endpoint> = E['query'] extends z.ZodMiniType ? E['query'] : typeof noQuery;
type BodyOf<E extends Endpoint> = E['body'] extends z.ZodMiniType ? E['body'] : undefined;
/** A request of the schemas a route declares: its params, query and body. */
type RequestOf<P, Q, B> = ApiRequest<{ params: P; querystring: Q; body: B }>;

/** A request to an endpoint of the table: its params, query and body as their schemas read them. */
export type EndpointRequest<E extends Endpoint> = RequestOf<ParamsOf<E>, QueryOf<E>, BodyOf<E>>;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<unknown>;

/** One handler for each endpoint of a table. */
export type EndpointHandlers<T extends Record<string, Endpoint>> = { [K in keyof T]: EndpointHandler<T[K]> };

const fromTable = new WeakMap<object, Set<string>>();
/** The routes an app registered from the endpoint table, as `METHOD url`. */
export const tableRoutes = (app: object): ReadonlySet<string> => fromTable.get(app) ?? new Set();

/**
 * Registers the routes of one part of the endpoint table (contract/src/endpoints.ts): each at its
 * method and path, with the schemas the table gives (validated by the one validation layer), and
 * the table's cache policy on its answer (a handler sets none). An entry without a handler stops
 * the start-up, as a handler for no entry cannot be written.
 */
export function registerEndpoints<T extends Record<string, Endpoint>>(
  app: Api,
  table: T,
  handlers: EndpointHandlers<T>,
  /**
   * Route options every route of this part shares (a hook that checks a key first, rate-limit
   * config, a body limit, a hook that reads a beacon's text body before validation).
   */
  shared: Pick<RouteShorthandOptions, 'onRequest' | 'config' | 'bodyLimit' | 'preValidation'> = {},
): void {
  const registered = fromTable.get(app) ?? new Set<string>();
  fromTable.set(app, registered);
  for (const [name, entry] of Object.entries(table)) {
    const handle = handlers[name] as EndpointHandler<Endpoint> | undefined;
    if (typeof handle !== 'function') {
      throw new Error(`endpoint ${entry.method} ${serverRoute(entry)} (${name}) has no handler`);
    }
    const cache = cacheControl(entry.cache);
    registered.add(`${entry.method} ${serverRoute(entry)}`);
    app.route({
      ...shared,
      method: entry.method,
      url: serverRoute(entry),
      schema: {
        ...(entry.params ? { params: entry.params } : {}),
        querystring: entry.query ?? noQuery,
        ...(entry.body ? { body: entry.body } : {}),
      },
      handler: async (request, reply) => {
        reply.header('cache-control', cache).code(entry.status ?? 200);
        return handle(request as EndpointRequest<Endpoint>, reply);
      },
    });
  }
}
