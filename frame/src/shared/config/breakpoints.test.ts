// @vitest-environment node
import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { BREAKPOINTS, customMedia, expandCustomMedia } from './breakpoints.ts';

const frame = fileURLToPath(new URL('../../../', import.meta.url));

test.each([
  ['(--wide)', `(width >= ${BREAKPOINTS.lowResolution}px)`],
  ['(--laptop)', '(width >= 1100px)'],
  ['(--desktop)', '(width >= 1366px)'],
  ['(--full-hd)', '(width >= 1920px)'],
  ['(--wide) and (orientation: landscape)', '(width >= 768px) and (orientation: landscape)'],
  ['(prefers-reduced-motion: reduce)', '(prefers-reduced-motion: reduce)'],
])('@media %s is @media %s', (query, expanded) => {
  expect(expandCustomMedia(query)).toBe(expanded);
});

test('an unknown name fails the build instead of never matching', () => {
  expect(() => expandCustomMedia('(--tablet)')).toThrow('unknown custom media --tablet');
});

test('meta-only mobile mode: the wide layouts at every width, the host alone says mobile', () => {
  expect(expandCustomMedia('(--wide)', customMedia(true))).toBe('all');
  expect(expandCustomMedia('(--laptop)', customMedia(true))).toBe('(width >= 1100px)');
  expect(expandCustomMedia('(--wide)', customMedia(false))).toBe('(width >= 768px)');
});

test('no stylesheet of the frame writes a screen width of its own: each names a breakpoint', () => {
  const sheets = globSync('src/**/*.css', { cwd: frame });
  expect(sheets.length).toBeGreaterThan(20);
  const own = sheets.flatMap((file) =>
    [...readFileSync(`${frame}${file}`, 'utf8').matchAll(/@media[^{]*\b(?:min-|max-)?width\b[^{]*/g)].map(
      ([query]) => `${file}: ${query.trim()}`,
    ),
  );
  expect(own).toEqual([]);
});

test("index.html's base font size switches at the small-resolution width (spec 9: 16px from 375px)", () => {
  // The document's inline base styles are not a module the build rewrites by name (yet): pinned here.
  const html = readFileSync(`${frame}index.html`, 'utf8');
  expect(html).toContain(
    `@media (min-width: ${BREAKPOINTS.smallResolution}px) {\n        html {\n          font-size: 16px;`,
  );
});
