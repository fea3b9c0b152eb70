import { expect, test } from 'vitest';
import { diffFields, showValue } from './diff.ts';

test('the leaves that differ, by path, with both values', () => {
  const before = { slug: 'a', ids: [1, 2], texts: { en: { title: 'Old', rules: ['x', 'y'] } }, of: 'cup' };
  const after = { slug: 'a', ids: [1, 3], texts: { en: { title: 'New', rules: ['x'] }, ru: { title: 'Новый' } } };
  expect(diffFields(before, after)).toEqual([
    { path: 'ids.1', before: 2, after: 3 },
    { path: 'texts.en.title', before: 'Old', after: 'New' },
    { path: 'texts.en.rules.1', before: 'y', after: undefined },
    { path: 'of', before: 'cup', after: undefined },
    { path: 'texts.ru.title', before: undefined, after: 'Новый' },
  ]);
});

test('equal values have no difference; an emptied list or object is one', () => {
  expect(diffFields({ a: [1], b: { c: null } }, { a: [1], b: { c: null } })).toEqual([]);
  expect(diffFields({ terms: { wager: 30 } }, { terms: {} })).toEqual([
    { path: 'terms.wager', before: 30, after: undefined },
    { path: 'terms', before: undefined, after: {} },
  ]);
});

test.each([
  [undefined, '—'],
  ['', '""'],
  ['text', 'text'],
  [12, '12'],
  [null, 'null'],
  [[1, 2], '[1,2]'],
])('%j shows as %s', (value, shown) => {
  expect(showValue(value)).toBe(shown);
});
