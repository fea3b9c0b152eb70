import { UNSAFE_ErrorResponseImpl } from 'react-router';
import { expect, test } from 'vitest';
import { isChunkLoadError, normalizeError, StatusError } from './errors.ts';

test('statusCode wins over status and response.status', () => {
  expect(normalizeError({ statusCode: 403, status: 401, response: { status: 400 }, message: 'no' })).toEqual({
    statusCode: 403,
    message: 'no',
  });
});

test('status is used when there is no statusCode', () => {
  expect(normalizeError({ status: 401, message: 'auth' })).toEqual({ statusCode: 401, message: 'auth' });
});

test('response.status is used last', () => {
  expect(normalizeError({ response: { status: 502 }, message: 'bad gateway' }).statusCode).toBe(502);
});

test('anything else is 500', () => {
  expect(normalizeError(new Error('boom'))).toEqual({ statusCode: 500, message: 'boom' });
  expect(normalizeError('text')).toEqual({ statusCode: 500, message: 'text' });
  expect(normalizeError(null)).toEqual({ statusCode: 500, message: 'Unknown error' });
  expect(normalizeError(undefined).statusCode).toBe(500);
  expect(normalizeError(42).statusCode).toBe(500);
});

test('out-of-range or non-integer statuses are ignored', () => {
  expect(normalizeError({ statusCode: 99 }).statusCode).toBe(500);
  expect(normalizeError({ statusCode: 'x', status: 404 }).statusCode).toBe(404);
  expect(normalizeError({ status: 700 }).statusCode).toBe(500);
  expect(normalizeError({ status: 404.5 }).statusCode).toBe(500);
});

test('a validation exception keeps its own status code', () => {
  expect(normalizeError(new StatusError('Unknown middleware x', 500))).toEqual({
    statusCode: 500,
    message: 'Unknown middleware x',
  });
  expect(normalizeError(new StatusError('gone', 410)).statusCode).toBe(410);
});

test('a JSON-API error list joins its details', () => {
  const error = { status: 422, errors: [{ detail: 'Name is required' }, { title: 'Age too low' }, { code: 'x' }] };
  expect(normalizeError(error)).toEqual({ statusCode: 422, message: 'Name is required; Age too low' });
  expect(normalizeError({ response: { status: 400, data: { errors: [{ detail: 'a' }, { detail: 'b' }] } } })).toEqual({
    statusCode: 400,
    message: 'a; b',
  });
});

test('router error responses keep their status and text', () => {
  expect(normalizeError(new UNSAFE_ErrorResponseImpl(404, 'Not Found', 'Not here'))).toEqual({
    statusCode: 404,
    message: 'Not here',
  });
  expect(normalizeError(new UNSAFE_ErrorResponseImpl(503, 'Service Unavailable', null))).toEqual({
    statusCode: 503,
    message: 'Service Unavailable',
  });
});

test('chunk load failures are recognised by message or name', () => {
  expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
  expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
  expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
  expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
});
