import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type Endpoint, requestsTo, seenRequests } from './contract-api.ts';

/** The unit tests' MSW server: Node's fetch goes to the handlers; a request no handler takes fails the test. */
export const mockServer = setupServer();

/** Starts MSW for this test file; each test adds its handlers with `mockServer.use(...)`. */
export function startMockApi(...handlers: HttpHandler[]): void {
  beforeAll(() => mockServer.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    mockServer.resetHandlers(...handlers);
    seenRequests.length = 0;
  });
  afterAll(() => mockServer.close());
  mockServer.resetHandlers(...handlers);
}

/**
 * The endpoint was called `attempts` times, all under one well-formed Idempotency-Key: resends of a
 * lost call and the player's next press are the same operation to the server.
 */
export function expectOneKey(target: Endpoint, attempts: number): void {
  const keys = requestsTo(target).map((request) => request.idempotencyKey);
  expect(keys).toHaveLength(attempts);
  expect(keys[0]).toMatch(/^[\w-]{8,}$/);
  expect(new Set(keys).size).toBe(1);
}
