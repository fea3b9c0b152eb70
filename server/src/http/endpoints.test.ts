import { type Endpoint, endpoint, idParamsSchema, WEB_API_BASE } from '@promo/contract';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { z } from 'zod/mini';
import { type EndpointHandlers, registerEndpoints, requireEndpointTable } from './endpoints.ts';
import { prepareAnswer } from './prepared-answers.ts';
import { installValidation, noQuery } from './validation.ts';

const TABLE = {
  item: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/items/:id',
    summary: 'One item',
    params: idParamsSchema(),
    answer: z.object({ id: z.int() }),
    access: 'anyone',
    idempotent: false,
    cache: { kind: 'public', maxAgeS: 60 },
  }),
  rename: endpoint({
    method: 'POST',
    base: WEB_API_BASE,
    path: '/items/:id/name',
    summary: 'Renames an item',
    params: idParamsSchema(),
    body: z.object({ name: z.string().check(z.minLength(1)) }),
    answer: z.object({ id: z.int(), name: z.string() }),
    access: 'player',
    idempotent: false,
    cache: { kind: 'no-store' },
  }),
};

/** An app whose whole table is `table` (this file's, not the contract's). */
const app = (table: Record<string, Record<string, Endpoint>> = { items: TABLE }) => {
  const server = Fastify();
  const api = installValidation(server);
  requireEndpointTable(api, table);
  return { server, api };
};

test('each entry is a route at its path, with its schemas and its cache policy', async () => {
  const { server, api } = app();
  registerEndpoints(api, TABLE, {
    item: async (request) => ({ id: request.params.id }),
    rename: async (request) => ({ id: request.params.id, name: request.body.name }),
  });
  const item = await server.inject({ url: '/web-api/items/7' });
  expect([item.statusCode, item.json(), item.headers['cache-control']]).toEqual([200, { id: 7 }, 'public, max-age=60']);
  const renamed = await server.inject({ method: 'POST', url: '/web-api/items/7/name', payload: { name: 'Gold' } });
  expect([renamed.json(), renamed.headers['cache-control']]).toEqual([{ id: 7, name: 'Gold' }, 'no-store']);
  // The table's schemas are the route's: a bad id or body is refused before the handler.
  expect((await server.inject({ url: '/web-api/items/x' })).statusCode).toBe(400);
  expect(
    (await server.inject({ method: 'POST', url: '/web-api/items/7/name', payload: { name: '' } })).statusCode,
  ).toBe(400);
});

test('an entry of the table without a handler stops the start-up, by name', () => {
  const { api } = app();
  const handlers = { item: async () => ({ id: 1 }) } as unknown as EndpointHandlers<typeof TABLE>;
  expect(() => registerEndpoints(api, TABLE, handlers)).toThrow('POST /web-api/items/:id/name (rename) has no handler');
});

test("the shared options carry a part's body limit and its preValidation hook to each of its routes", async () => {
  const { server, api } = app({ items: { rename: TABLE.rename } });
  server.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  registerEndpoints(
    api,
    { rename: TABLE.rename },
    { rename: async (request) => ({ id: request.params.id, name: request.body.name }) },
    {
      bodyLimit: 64,
      // A text body read as JSON before the schema sees it, as the beacons' routes do.
      preValidation: async (request) => {
        if (typeof request.body === 'string') request.body = JSON.parse(request.body);
      },
    },
  );
  const post = (payload: string, type = 'text/plain') =>
    server.inject({ method: 'POST', url: '/web-api/items/7/name', payload, headers: { 'content-type': type } });
  const asText = await post('{"name":"Gold"}');
  expect([asText.statusCode, asText.json()]).toEqual([200, { id: 7, name: 'Gold' }]);
  expect((await post(JSON.stringify({ name: 'x'.repeat(80) }), 'application/json')).statusCode).toBe(413);
});

test('an API route registered by hand, not from the table, stops the start-up', async () => {
  const { server, api } = app();
  registerEndpoints(api, TABLE, { item: async () => ({ id: 1 }), rename: async () => ({ id: 1, name: 'x' }) });
  api.get('/web-api/items', { schema: { querystring: noQuery } }, async () => []);
  await expect(server.ready()).rejects.toThrow('GET /web-api/items is registered by hand, not from the endpoint table');
});

test('an entry of the whole table that no part registers stops the start-up', async () => {
  const { server, api } = app({ items: { item: TABLE.item }, names: { rename: TABLE.rename } });
  registerEndpoints(api, { item: TABLE.item }, { item: async () => ({ id: 1 }) });
  await expect(server.ready()).rejects.toThrow('POST /web-api/items/:id/name of the endpoint table has no handler');
});

test('a part the whole table does not list stops the start-up', async () => {
  const { server, api } = app({ items: { item: TABLE.item } });
  registerEndpoints(api, TABLE, { item: async () => ({ id: 1 }), rename: async () => ({ id: 1, name: 'x' }) });
  await expect(server.ready()).rejects.toThrow(
    'POST /web-api/items/:id/name is registered from a part the endpoint table does not list',
  );
});

test("a prepared answer is sent with its ETag and the entry's cache policy", async () => {
  const prepared = endpoint({
    ...TABLE.item,
    answerKind: 'prepared',
    compress: false,
    cache: { kind: 'public', maxAgeS: 60 },
  });
  const { server, api } = app({ items: { prepared } });
  const answer = await prepareAnswer({ id: 7 });
  registerEndpoints(api, { prepared }, { prepared: async () => answer });
  const first = await server.inject({ url: '/web-api/items/7', headers: { 'accept-encoding': 'identity' } });
  expect([first.statusCode, first.json(), first.headers['cache-control']]).toEqual([
    200,
    { id: 7 },
    'public, max-age=60',
  ]);
  const again = await server.inject({
    url: '/web-api/items/7',
    headers: { 'if-none-match': String(first.headers.etag) },
  });
  expect(again.statusCode).toBe(304);
});
