import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { buildApp } from './app.ts';
import { lottoTickets, users } from './db/schema.ts';
import { DEMO_USERS } from './seed/demo-users.ts';
import { readSettings } from './settings.ts';
import { openSeededDatabase, XHR_HEADERS } from './testing.ts';

/**
 * Graceful shutdown (main.ts closes the app on SIGTERM): purchases in flight when the server is
 * told to stop finish and are stored; every purchase the server acknowledged is in the database.
 */
test('a server told to stop finishes the write in flight, and every acknowledged one is stored', async () => {
  const database = await openSeededDatabase(undefined);
  const app = await buildApp(database.db, readSettings({}, { port: 0, dataDir: 'memory://' }), false);
  // Holds each purchase for 300 ms inside the server and says when the second one is in (the
  // first is acknowledged before; stopping before a request has arrived would only test a race).
  let entered = 0;
  let inside: () => void = () => {};
  const oneInside = new Promise<void>((resolve) => {
    inside = resolve;
  });
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' || !request.url.endsWith('/lotto/tickets')) return;
    if (++entered === 2) inside();
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const user = DEMO_USERS[3]; // demo.uk: $75 and no other test in this file
  const login = await fetch(`${base}/web-api/external-api/fastLogin`, {
    method: 'POST',
    headers: { ...XHR_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ login: user.login, pass: user.password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { token } = (await (await fetch(`${base}/web-api/user/gettoken`, { headers: { cookie } })).json()) as {
    token: string;
  };
  const buy = (index: number) =>
    fetch(`${base}/web-api/api/v3/lotto/tickets`, {
      method: 'POST',
      headers: {
        ...XHR_HEADERS,
        'content-type': 'application/json',
        'x-auth': `Bearer ${token}`,
        'idempotency-key': `shutdown-${String(index).padStart(4, '0')}`,
      },
      body: JSON.stringify({ code: 'eurojackpot', lines: [{ main: [1, 2, 3, 4, 5], bonus: [1, 2] }], kind: 'default' }),
    }).then(
      async (response) => ({ status: response.status, body: (await response.json()) as { id?: number } | null }),
      () => ({ status: 0, body: null }),
    );

  const before = await buy(0);
  expect(before.status).toBe(200);
  const inFlight = buy(1);
  // Stop while it is in flight: the listener closes, the request already in runs to the end.
  await oneInside;
  const closing = app.close();
  const answers = [before, await inFlight];
  await closing;
  expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  // A new connection after the stop is refused.
  expect(await buy(99)).toEqual({ status: 0, body: null });

  const acknowledged = answers.filter((answer) => answer.status === 200).map((answer) => answer.body?.id ?? 0);
  const [player] = await database.db.select({ id: users.id }).from(users).where(eq(users.login, user.login));
  const stored = (
    await database.db
      .select({ id: lottoTickets.id })
      .from(lottoTickets)
      .where(eq(lottoTickets.userId, player?.id ?? 0))
  ).map((row) => row.id);
  expect(acknowledged.filter((id) => !stored.includes(id))).toEqual([]);
  await database.close();
});
