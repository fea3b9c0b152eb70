import { propertyRuns } from '@promo/contract/testing';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { isChunkLoadError, normalizeError } from './errors.ts';
import { resolveLanguage } from './language.ts';

const anything = fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true, withSet: true });

test('normalizeError never throws and always yields a message and an HTTP status', () => {
  fc.assert(
    fc.property(anything, (value) => {
      const { statusCode, message } = normalizeError(value);
      expect(Number.isInteger(statusCode) && statusCode >= 100 && statusCode <= 599).toBe(true);
      expect(typeof message).toBe('string');
      expect(isChunkLoadError(value)).toBeTypeOf('boolean');
    }),
    propertyRuns('normalizeError'),
  );
});

test('error-shaped values keep a valid status and fall back to 500 otherwise', () => {
  fc.assert(
    fc.property(fc.oneof(fc.integer({ min: 100, max: 599 }), anything), anything, (status, message) => {
      const { statusCode } = normalizeError({ status, message });
      const valid = typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599;
      expect(statusCode).toBe(valid ? status : 500);
    }),
    propertyRuns('normalizeError status'),
  );
});

test('language resolution always lands on an available language or the default', () => {
  const code = fc.oneof(
    fc.constantFrom('en', 'ru', 'ar', 'de'),
    fc.string(),
    fc.constant(null),
    fc.constant(undefined),
  );
  fc.assert(
    fc.property(code, code, code, fc.constantFrom('en', 'ru', 'ar'), (route, previous, cookie, fallback) => {
      const lng = resolveLanguage({ route, previous, cookie }, ['en', 'ru', 'ar'], fallback);
      expect(['en', 'ru', 'ar']).toContain(lng);
      if (route === 'en' || route === 'ru' || route === 'ar') expect(lng).toBe(route);
    }),
    propertyRuns('resolveLanguage'),
  );
});
