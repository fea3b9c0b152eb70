import { API_PATHS, endpointPath, PROMO_REGISTRY, PROMOTION_ENDPOINTS, resolvePromo } from '@promo/contract';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { apiUrl } from '../../src/shared/api/index.ts';
import { endpointUrl } from '../contract-api.ts';
import { OFFLINE_ENDPOINTS } from './endpoints.ts';
import {
  endpointOf,
  OFFLINE_RECORDING,
  OFFLINE_REFUSAL,
  offlineHandlers,
  type RecordedAnswer,
  recordedPlayerId,
  replayHandlers,
} from './handlers.ts';

/** GET calls a page makes only after a player's action, or at an address no seeded page has. */
const NOT_ON_PAGE_LOAD = new Set([
  'GET /api/web/promotions/wheel/:id/getHistoryWheel', // the wheel's history, opened after a spin
  'GET /api/v3/landings/:id', // a landing by number; the seeded landings are opened by name
  'GET /api/web/promotions/:id/rating/by-tickets', // a leaderboard's ticket tabs, opened by the player
  'GET /external-api/promotion-previews/:token', // a console preview link's version (made by staff, online only)
  'GET /bonus-api/page-previews/:token', // a console preview link's CMS page version (made by staff, online only)
]);

const origin = window.location.origin;
const at = (path: string) => `${origin}${endpointUrl(path)}`;

describe('the recorded answers of the offline mode', () => {
  test('each belongs to an endpoint of the table and is what its contract schema accepts', () => {
    expect(OFFLINE_RECORDING.length).toBeGreaterThan(150);
    for (const answer of OFFLINE_RECORDING) expect(endpointOf(answer), answer.url).toBeDefined();
    // The handlers parse every answer by its schema as they are made.
    expect(() => offlineHandlers()).not.toThrow();
  });

  test('an answer the contract does not accept, or of a path the table lacks, fails when the handlers are made', () => {
    const balance = OFFLINE_RECORDING.find((answer) => answer.url === apiUrl(API_PATHS.balance));
    expect(balance).toBeDefined();
    const floatMoney = { ...balance, body: { accounts: [{ id: 1, currencyCode: 'USD', amount: 12.5, active: true }] } };
    expect(() => replayHandlers([floatMoney as RecordedAnswer])).toThrow(
      /\/web-api\/user\/balance breaks the contract/,
    );
    const stray: RecordedAnswer = { method: 'GET', url: '/web-api/no/such/endpoint', status: 200, body: {} };
    expect(() => replayHandlers([stray])).toThrow(/no\/such\/endpoint belongs to no endpoint/);
  });

  test.each(PROMO_REGISTRY.map((entry) => entry.name))('promotion %s: its page answer is recorded', (name) => {
    const key = resolvePromo(name)?.serverKey ?? name;
    expect(
      OFFLINE_RECORDING.some((answer) =>
        answer.url.startsWith(`${apiUrl(endpointPath(PROMOTION_ENDPOINTS.promotion, { key }))}?`),
      ),
    ).toBe(true);
  });

  test('every GET endpoint a page calls on load has an answer; the rest are named', () => {
    const recorded = new Set(OFFLINE_RECORDING.map(endpointOf));
    const missing = OFFLINE_ENDPOINTS.filter((target) => target.method === 'GET' && !recorded.has(target)).map(
      (target) => `${target.method} ${target.path}`,
    );
    expect(missing.sort()).toEqual([...NOT_ON_PAGE_LOAD].sort());
  });

  test('the player is the one the reference server signed in', () => {
    expect(recordedPlayerId(OFFLINE_RECORDING)).toBeGreaterThan(0);
  });
});

describe('the offline handlers, as the frame meets them', () => {
  const server = setupServer(...offlineHandlers());
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => server.close());

  test('a recorded page answer comes back as recorded; another query of its path gets that path’s answer', async () => {
    const index = OFFLINE_RECORDING.find((answer) =>
      answer.url.startsWith(apiUrl(`${PROMOTION_ENDPOINTS.index.path}?`)),
    );
    expect(index).toBeDefined();
    const same = await fetch(`${origin}${index?.url}`);
    expect(await same.json()).toEqual(index?.body);
    const russian = await fetch(`${origin}${apiUrl(PROMOTION_ENDPOINTS.index.path)}?lang=ru&currency=RUB`);
    expect(russian.status).toBe(200);
    expect(await russian.json()).toEqual(index?.body);
  });

  test('the session token is fresh (the recorded one has expired by now)', async () => {
    const { token } = (await (await fetch(at(API_PATHS.getToken))).json()) as { token: string };
    const claims = JSON.parse(atob(token.split('.')[1] ?? ''));
    expect(claims.exp * 1000).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(Number(claims.sub)).toBe(recordedPlayerId(OFFLINE_RECORDING));
  });

  test('a money action is refused with the offline message, and nothing is said to have happened', async () => {
    const spin = await fetch(at('/api/web/promotions/wheel/137/spin'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'offline-test-key-1' },
      body: JSON.stringify({ clientSeed: 'abc' }),
    });
    expect(spin.status).toBe(OFFLINE_REFUSAL.status);
    expect(await spin.json()).toMatchObject({ error: 'offline', message: OFFLINE_REFUSAL.message });
  });

  test('a call nothing was recorded for is refused the same way and named in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = await fetch(at('/api/v3/landings/999'));
    expect(answer.status).toBe(OFFLINE_REFUSAL.status);
    expect(warn).toHaveBeenCalledWith('offline: nothing recorded for GET /web-api/api/v3/landings/999');
  });

  test('telemetry is taken without an answer to read', async () => {
    const sent = await fetch(at(API_PATHS.analyticsEvents), { method: 'POST', body: '{"events":[]}' });
    expect(sent.status).toBe(204);
  });
});
