import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { analyticsEvents } from '../db/schema.ts';
import { databaseTargets, useTestServer } from '../testing.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const event = (name: string, payload: object = {}) => ({ name, occurredAt: Date.now(), source: 55, payload });

describe.each(databaseTargets)('collectors on $name', ({ databaseUrl }) => {
  const server = useTestServer(databaseUrl);
  const post = (url: string, payload: unknown, headers: object = XHR) =>
    server.app.inject({ method: 'POST', url, headers: { ...headers }, payload: payload as object });

  test('the analytics collector stores a batch with the session of a valid token', async () => {
    const { token } = (await server.app.inject({ url: '/web-api/user/gettoken' })).json();
    const response = await post(
      '/web-api/analytics/events',
      { events: [event('page_not_found', { path: '/en/nope' }), event('auth_popup', { counter: 2 })] },
      { ...XHR, 'x-auth': `Bearer ${token}` },
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
    const rows = await server.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, 'page_not_found'));
    expect(rows.at(-1)?.payload).toEqual({ path: '/en/nope' });
    expect(rows.at(-1)?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a beacon (text/plain body, no X-Requested-With, no token) is stored like a fetch', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/web-api/analytics/events',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ events: [event('registration_leave', { regTryCounter: 2 })] }),
    });
    expect(response.statusCode).toBe(202);
    const rows = await server.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, 'registration_leave'));
    expect(rows.at(-1)?.payload).toEqual({ regTryCounter: 2 });
    expect(rows.at(-1)?.sessionId).toBeNull();
  });

  test('visitors without a token are counted too', async () => {
    expect((await post('/web-api/analytics/events', { events: [event('registration_try')] })).statusCode).toBe(202);
  });

  test.each([
    ['no events', { events: [] }],
    ['unknown event', { events: [event('made_up')] }],
    ['nested payload', { events: [event('auth_popup', { deep: { x: 1 } })] }],
    ['too many', { events: Array.from({ length: 51 }, () => event('auth_popup')) }],
    ['not an object', [1, 2]],
  ])('a bad batch (%s) is refused with 400 and stores nothing', async (_name, body) => {
    const before = (await server.database.db.select().from(analyticsEvents)).length;
    expect((await post('/web-api/analytics/events', body)).statusCode).toBe(400);
    expect((await server.database.db.select().from(analyticsEvents)).length).toBe(before);
  });

  test('the fingerprint collector gives the same token for the same components', async () => {
    const components = { screen: '390x844', timezone: 'Europe/Moscow', cores: 8 };
    const a = (await post('/web-api/fingerprint', { components })).json();
    const b = (
      await post('/web-api/fingerprint', { components: { cores: 8, timezone: 'Europe/Moscow', screen: '390x844' } })
    ).json();
    expect(a.token).toBe(b.token);
    expect(a.expiresAt).toBeGreaterThan(Date.now());
    const c = (await post('/web-api/fingerprint', { components: { ...components, cores: 4 } })).json();
    expect(c.token).not.toBe(a.token);
    expect((await post('/web-api/fingerprint', { components: {} })).statusCode).toBe(400);
    expect((await post('/web-api/fingerprint', { nope: 1 })).statusCode).toBe(400);
  });
});
