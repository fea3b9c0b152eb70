import { routeName, tableEntries } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { tableProblems, tableRoutes } from './http/endpoints.ts';
import { noQuery } from './http/validation.ts';
import { useTestServer } from './testing.ts';

/**
 * Every API route comes from the endpoint table and every entry of the table is served (issue 39,
 * decision 041): the app refuses to start otherwise (http/endpoints.ts, requireEndpointTable).
 */
describe('the app', () => {
  const server = useTestServer(undefined);

  test('serves the whole endpoint table, and no API route by hand', async () => {
    await server.app.ready();
    expect(tableProblems(server.app)).toEqual([]);
    expect([...tableRoutes(server.app)].sort()).toEqual(tableEntries().map(routeName).sort());
  });
});

describe('an API route added to the app by hand', () => {
  const server = useTestServer(undefined);

  test('stops the start-up, by name', async () => {
    server.app.get('/web-api/by-hand', { schema: { querystring: noQuery } }, async () => ({}));
    await expect(server.app.ready()).rejects.toThrow(
      'GET /web-api/by-hand is registered by hand, not from the endpoint table',
    );
  });
});
