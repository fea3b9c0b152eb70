import fc from 'fast-check';
import { expect, test } from 'vitest';
import { HOST_MESSAGE, hostMessage, PROTOCOL_VERSION, parseHostMessage } from './host-messages.ts';
import { propertyRuns } from './testing.ts';

test('every spec message type has a wire name and a payload schema', () => {
  // The 34 of spec 7 plus the protocol's dataLayerPush.
  expect(Object.keys(HOST_MESSAGE)).toHaveLength(35);
  expect(parseHostMessage(hostMessage('openHome', { path: '/' }))).toEqual({
    type: 'openHome',
    data: { path: '/' },
    v: PROTOCOL_VERSION,
  });
});

test('dataLayerPush carries flat entries that name their event, and nothing else', () => {
  const entry = { event: 'page_view', path: '/promo-frame/en/', source: 55, mobile: false, title: null };
  expect(parseHostMessage({ type: 'dataLayerPush', data: { entries: [entry] }, v: 1 })?.data).toEqual({
    entries: [entry],
  });
  for (const entries of [[], [{ path: '/' }], [{ event: '' }], [{ event: 'x', deep: { a: 1 } }]]) {
    expect(parseHostMessage({ type: 'dataLayerPush', data: { entries }, v: 1 })).toBeNull();
  }
});

test('registration passes bonusChoice only as 0, 1 or 2', () => {
  expect(parseHostMessage({ type: 'registration', data: { bonusChoice: 2 }, v: 1 })?.data).toEqual({ bonusChoice: 2 });
  expect(parseHostMessage({ type: 'registration', data: {}, v: 1 })?.data).toEqual({});
  expect(parseHostMessage({ type: 'registration', data: { bonusChoice: '1' }, v: 1 })).toBeNull();
  expect(parseHostMessage({ type: 'registration', data: { bonusChoice: 3 }, v: 1 })).toBeNull();
});

test('a site config update accepts the spec fields and strips the rest', () => {
  const parsed = parseHostMessage({
    type: 'updateSiteConfig',
    data: { currentLanguage: 'ar', isRtl: true, theme: 'light', timeZone: 5.5, userId: 42, extra: 'x' },
    v: 1,
  });
  expect(parsed?.data).toEqual({ currentLanguage: 'ar', isRtl: true, theme: 'light', timeZone: 5.5, userId: 42 });
});

test.each([
  ['no type', { data: {}, v: 1 }],
  ['unknown type', { type: 'deleteEverything', data: {}, v: 1 }],
  ['other protocol version', { type: 'openHome', data: { path: '/' }, v: 2 }],
  ['not an object', 'openHome'],
  ['null', null],
  ['oversized field', { type: 'changeTitle', data: { title: 'x'.repeat(5000) }, v: 1 }],
  ['absolute URL where a path belongs', { type: 'promotion', data: { path: 'https://evil.example/' }, v: 1 }],
  ['protocol-relative path', { type: 'promotion', data: { path: '//evil.example/' }, v: 1 }],
  ['javascript: link', { type: 'openLinkInBrowser', data: { url: 'javascript:alert(1)' }, v: 1 }],
  ['bad language', { type: 'updateSiteConfig', data: { currentLanguage: 'english' }, v: 1 }],
  ['bad theme', { type: 'updateSiteConfig', data: { theme: 'neon' }, v: 1 }],
])('rejects %s', (_name, raw) => {
  expect(parseHostMessage(raw)).toBeNull();
});

test('an allow-list narrows the accepted types', () => {
  const update = { type: 'updateSiteConfig', data: { theme: 'dark' }, v: 1 };
  expect(parseHostMessage(update, new Set(['updateSiteConfig']))).not.toBeNull();
  expect(parseHostMessage({ type: 'openHome', data: { path: '/' }, v: 1 }, new Set(['updateSiteConfig']))).toBeNull();
});

test('__proto__ keys pollute nothing', () => {
  const raw = JSON.parse('{"type":"updateSiteConfig","v":1,"data":{"__proto__":{"polluted":true},"theme":"dark"}}');
  expect(parseHostMessage(raw)?.data).toEqual({ theme: 'dark' });
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test('any value: the host message parser never throws and returns a known type or null', () => {
  const known = new Set<string>(Object.values(HOST_MESSAGE));
  const candidates = fc.oneof(
    fc.anything({ withNullPrototype: true, withBigInt: true }),
    fc.record({ type: fc.constantFrom(...known, 'x'), data: fc.anything(), v: fc.constantFrom(1, 2, '1') }),
  );
  fc.assert(
    fc.property(candidates, (raw) => {
      const parsed = parseHostMessage(raw);
      if (parsed !== null) expect(known.has(parsed.type)).toBe(true);
    }),
    propertyRuns('host messages'),
  );
});
