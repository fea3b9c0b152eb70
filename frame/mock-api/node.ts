import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { seenRequests } from './contract-api.ts';

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
