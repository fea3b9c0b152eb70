import { expect, test } from 'vitest';
import { readHostPrefs } from './host-prefs.ts';

const from = (cookies: Record<string, string>) => readHostPrefs((name) => cookies[name]);

test('every host-preference cookie maps onto the site config fields', () => {
  expect(
    from({
      app_theme: 'dark',
      view_type: 'mobile',
      coef_view: '2',
      tzo: '5.5',
      is12h: '1',
      user_id: '42',
      ref_group_id: '17',
    }),
  ).toEqual({
    update: { theme: 'dark', isForceMobile: true, coefView: 2, timeZone: 5.5, is12h: 1, userId: 42 },
    refGroupId: 17,
  });
  expect(from({ view_type: 'desktop', is12h: '0', tzo: '-3' }).update).toEqual({
    isForceMobile: false,
    is12h: 0,
    timeZone: -3,
  });
});

test('no cookies: nothing to apply (the state keeps the spec defaults)', () => {
  expect(from({})).toEqual({ update: {}, refGroupId: null });
});

// Each row: a cookie with a value the host would never write; it is ignored, the others apply.
const BAD: Array<[string, string]> = [
  ['app_theme', 'neon'],
  ['app_theme', ''],
  ['view_type', 'tablet'],
  ['coef_view', '1.5'],
  ['coef_view', '-1'],
  ['coef_view', '99'],
  ['coef_view', 'american'],
  ['tzo', '15'],
  ['tzo', '-13'],
  ['tzo', '3h'],
  ['tzo', 'Infinity'],
  ['is12h', 'true'],
  ['is12h', '2'],
  ['user_id', '0'],
  ['user_id', '-7'],
  ['user_id', '7.5'],
  ['user_id', 'null'],
  ['user_id', '1e3'],
  ['ref_group_id', 'abc'],
  ['ref_group_id', '0'],
];

test.each(BAD)('a bad %s cookie (%j) is ignored', (name, value) => {
  const prefs = from({ [name]: value, is12h: name === 'is12h' ? value : '1' });
  expect(prefs.update).toEqual(name === 'is12h' ? {} : { is12h: 1 });
  expect(prefs.refGroupId).toBeNull();
});
