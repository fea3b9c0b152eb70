import { assertRegistered, PROMO_WIDGETS } from '@promo/contract';
import { expect, test } from 'vitest';
import { MECHANIC_MODULES } from './index.ts';

const FILES = Object.keys(import.meta.glob('./*.tsx')).map((file) => file.slice(2, -'.tsx'.length));

test('every contract widget has its module, named as the build expects, and no module is unregistered', () => {
  expect(Object.keys(MECHANIC_MODULES).sort()).toEqual([...PROMO_WIDGETS].sort());
  // vite.config.ts names each widget's chunk by this folder's file names.
  expect(FILES.sort()).toEqual([...PROMO_WIDGETS].sort());
});

test.each(PROMO_WIDGETS.map((widget) => [widget]))('%s: its module renders a widget', async (widget) => {
  const { mechanic } = await MECHANIC_MODULES[widget]();
  expect(typeof mechanic.Widget).toBe('function');
});

test('a half-registered widget fails: missing here, or here and not in the contract', () => {
  const half = Object.keys(MECHANIC_MODULES).filter((widget) => widget !== 'bet-series');
  expect(() => assertRegistered('frame', PROMO_WIDGETS, half)).toThrow('bet-series not registered');
  expect(() => assertRegistered('frame', PROMO_WIDGETS, [...Object.keys(MECHANIC_MODULES), 'scratch-card'])).toThrow(
    'scratch-card is not in the contract',
  );
});
