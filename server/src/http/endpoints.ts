import { cacheControl, type Endpoint, routeName, serverRoute, tableEntries } from '@promo/contract';
import type { FastifyInstance, FastifyReply, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod/mini';
import { operatorGuard } from './operator-auth.ts';
import { type PreparedAnswer, sendPrepared } from './prepared-answers.ts';
import { type Api, type ApiRequest, apiRoutes, noQuery } from './validation.ts';

type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodMiniType ? E['params'] : undefined;
type QueryOf<E extends Endpoint> = E['query'] extends z.ZodMiniType ? E['query'] : typeof noQuery;
type BodyOf<E extends Endpoint> = E['body'] extends z.ZodMiniType ? E['body'] : undefined;
/** A request of the schemas a route declares: its params, query and body. */
type RequestOf<P, Q, B> = ApiRequest<{ params: P; querystring: Q; body: B }>;

/** A request to an endpoint of the table: its params, query and body as their schemas read them. */
export type EndpointRequest<E extends Endpoint> = RequestOf<ParamsOf<E>, QueryOf<E>, BodyOf<E>>;

/**
 * What a handler gives back, by the entry's answer kind: the prepared answer (sent with its ETag,
 * in the best coding), nothing for an event stream (the handler wrote on the hijacked reply), else
 * the JSON body.
 */
type HandlerAnswer<E extends Endpoint> = E['answerKind'] extends 'prepared'
  ? PreparedAnswer
  : E['answerKind'] extends 'event-stream'
    ? // biome-ignore lint/suspicious/noConfusingVoidType: what an async handler returns when it returns nothing
      void
    : unknown;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<HandlerAnswer<E>>;

/** One handler for each endpoint of a table. */
export type EndpointHandlers<T extends Record<string, Endpoint>> = { [K in keyof T]: EndpointHandler<T[K]> };

/** The whole table an app must serve: the contract's, or a test's own. */
type Table = Parameters<typeof tableEntries>[0];

const fromTable = new WeakMap<object, Set<string>>();
const servedTable = new WeakMap<object, Table>();
/** The routes an app registered from the endpoint table, as `METHOD url`. */
export const tableRoutes = (app: object): ReadonlySet<string> => fromTable.get(app) ?? new Set();

/**
 * What stops an app from starting (decision 041): an API route registered by hand, not from the
 * table; an entry of the whole table that no route serves (it has no handler); and a route
 * registered from a part the whole table (ENDPOINT_TABLE) does not list, which the offline list
 * and the documents would miss. Empty when the app serves the table and nothing else.
 */
export function tableProblems(app: FastifyInstance, table: Table = servedTable.get(app)): string[] {
  const registered = tableRoutes(app);
  const whole = new Set(tableEntries(table).map(routeName));
  const byHand = apiRoutes(app)
    .map((route) => `${route.method} ${route.url}`)
    .filter((route) => !registered.has(route))
    .map((route) => `${route} is registered by hand, not from the endpoint table`);
  const unserved = [...whole]
    .filter((route) => !registered.has(route))
    .map((route) => `${route} of the endpoint table has no handler`);
  const unlisted = [...registered]
    .filter((route) => !whole.has(route))
    .map((route) => `${route} is registered from a part the endpoint table does not list`);
  return [...byHand, ...unserved, ...unlisted];
}

/**
 * Makes the app refuse to start (ready, listen, the first inject) when tableProblems finds any,
 * once all routes are registered. Installed by the first registerEndpoints of an app; `table` is
 * the whole table it must serve (a test's own table in place of the contract's).
 */
export function requireEndpointTable(app: Api, table?: Table): void {
  if (table) servedTable.set(app, table);
  if (fromTable.has(app)) return;
  fromTable.set(app, new Set());
  app.addHook('onReady', async () => {
    const problems = tableProblems(app);
    if (problems.length > 0) throw new Error(`Not started:\n${problems.join('\n')}`);
  });
}

/**
 * Registers the routes of one part of the endpoint table (contract/src/endpoints.ts): each at its
 * method and path, with the schemas the table gives (validated by the one validation layer), and
 * the table's cache policy on its answer (a handler sets none); an `operator` entry checks its
 * caller's role first (operator-auth.ts). An entry without a handler stops
 * the start-up here; an entry no part registers stops it when the app is made ready.
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
  requireEndpointTable(app);
  const registered = fromTable.get(app) ?? new Set<string>();
  for (const [name, entry] of Object.entries(table)) {
    const handle = handlers[name] as EndpointHandler<Endpoint> | undefined;
    if (typeof handle !== 'function') {
      throw new Error(`endpoint ${entry.method} ${serverRoute(entry)} (${name}) has no handler`);
    }
    const cache = cacheControl(entry.cache);
    registered.add(routeName(entry));
    // An operator entry knows its caller and checks the caller's role before anything else runs.
    const sharedOnRequest = shared.onRequest ? [shared.onRequest].flat() : [];
    const onRequest = entry.access === 'operator' ? [operatorGuard(app, entry), ...sharedOnRequest] : sharedOnRequest;
    app.route({
      ...shared,
      ...(onRequest.length > 0 ? { onRequest } : {}),
      method: entry.method,
      url: serverRoute(entry),
      ...(entry.compress === false ? { compress: false } : {}),
      schema: {
        ...(entry.params ? { params: entry.params } : {}),
        querystring: entry.query ?? noQuery,
        ...(entry.body ? { body: entry.body } : {}),
      },
      handler: async (request, reply) => {
        reply.header('cache-control', cache).code(entry.status ?? 200);
        const answer = await handle(request as EndpointRequest<Endpoint>, reply);
        // A prepared answer: its bytes in the best coding the client takes, or a 304.
        if (entry.answerKind === 'prepared') return sendPrepared(request, reply, answer as PreparedAnswer, cache);
        return answer;
      },
    });
  }
}
