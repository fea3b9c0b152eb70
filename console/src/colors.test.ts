import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROMOTION_STATES } from '@promo/contract';
import { expect, test } from 'vitest';

/**
 * WCAG 2.2 AA: text at 4.5:1 against what it is written on. The stylesheet names each colour once
 * (:root); these are the pairs it writes text in.
 */
const css = readFileSync(path.join(import.meta.dirname, 'styles.css'), 'utf8');
const root = css.slice(css.indexOf(':root'), css.indexOf('}', css.indexOf(':root')));
const colours = Object.fromEntries([...root.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1], m[2]]));

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

test('the contrast formula is WCAG’s', () => {
  expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
});

const PAIRS: [string, string][] = [
  ['text', 'bg'],
  ['text', 'bg-subtle'],
  ['text-muted', 'bg'],
  ['text-muted', 'bg-subtle'],
  ['link', 'bg'],
  ['link', 'bg-subtle'],
  ['primary-fg', 'primary-bg'],
  ['danger-fg', 'danger-bg'],
  ['error-fg', 'bg'],
  ['error-fg', 'error-bg'],
  ['error-fg', 'bg-subtle'],
  ['ok-fg', 'bg'],
  ['ok-fg', 'bg-subtle'],
  ['notice-fg', 'notice-bg'],
  ['missing-fg', 'missing-bg'],
  ['role-fg', 'role-bg'],
  ...PROMOTION_STATES.map((state): [string, string] => [`state-${state}-fg`, `state-${state}-bg`]),
  // The diff's colours are written on the page and on the conflict's notice.
  ['state-unpublished-fg', 'bg'],
  ['state-unpublished-fg', 'notice-bg'],
  ['ok-fg', 'notice-bg'],
];

test.each(PAIRS)('%s on %s is at least 4.5:1', (fg, bg) => {
  expect(colours[fg], fg).toBeDefined();
  expect(colours[bg], bg).toBeDefined();
  expect(contrast(colours[fg] as string, colours[bg] as string)).toBeGreaterThanOrEqual(4.5);
});

test('each promotion state has a colour of its own, and a badge rule', () => {
  const backgrounds = PROMOTION_STATES.map((state) => colours[`state-${state}-bg`]);
  expect(new Set(backgrounds).size).toBe(PROMOTION_STATES.length);
  for (const state of PROMOTION_STATES) expect(css).toContain(`.state-${state} {`);
});
