import { expect, test } from 'vitest';
import { StatusError } from '../lib/errors.ts';
import { shouldRetryQuery } from './query-retry.ts';

test('interceptor errors and client errors are not retried; server errors twice', () => {
  expect(shouldRetryQuery(0, new StatusError('x', 401, { interceptorError: true }))).toBe(false);
  expect(shouldRetryQuery(0, new StatusError('x', 503, { interceptorError: true }))).toBe(false);
  expect(shouldRetryQuery(0, new StatusError('x', 404))).toBe(false);
  expect(shouldRetryQuery(0, new StatusError('x', 403))).toBe(false);
  expect(shouldRetryQuery(0, new StatusError('x', 503))).toBe(true);
  expect(shouldRetryQuery(1, new StatusError('x', 504))).toBe(true);
  expect(shouldRetryQuery(2, new StatusError('x', 504))).toBe(false);
  expect(shouldRetryQuery(0, new TypeError('boom'))).toBe(true);
});
