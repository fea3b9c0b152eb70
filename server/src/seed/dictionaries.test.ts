import { LOTTERIES, MECHANICS, PRIZE_TIMING } from '@promo/contract';
import { expect, test } from 'vitest';
import { seedDictionaries } from './index.ts';
import { loadPromoContent } from './promotion-content.ts';

const english = seedDictionaries.en ?? {};

test('every mechanic has its kicker and two rule lines of its own; every prize timing its line', () => {
  const keys = [
    ...MECHANICS.flatMap((mechanic) => [mechanic.kicker, ...mechanic.rules]),
    ...PRIZE_TIMING.map((timing) => `promo_timing_${timing.replace(/-/g, '_')}`),
  ];
  expect(keys.filter((key) => !(key in english))).toEqual([]);
  // A rule line that only its mechanic has: no two mechanics share one.
  const lines = MECHANICS.flatMap((mechanic) => mechanic.rules.map((key) => english[key]));
  expect(new Set(lines).size).toBe(lines.length);
});

test('every collectible of the hunts has a name; every sport, stage and payment method of the terms too', () => {
  const contents = loadPromoContent();
  const hunts = contents.filter((content) => content.mechanic === 'collect-hunt');
  const keys = [
    ...hunts.map((content) => `hunt_item_${content.terms.collectible}`),
    ...contents.flatMap((content) => (content.terms.sportIds ?? []).map((id) => `sport_${id}`)),
    ...contents.flatMap((content) =>
      content.terms.stage ? [`promo_stage_${content.terms.stage.replace(/-/g, '_')}`] : [],
    ),
    ...contents.flatMap((content) => (content.terms.payment ?? []).map((method) => `promo_payment_${method}`)),
  ];
  expect([...new Set(keys)].filter((key) => !(key in english))).toEqual([]);
});

test("every lottery's about and rules blocks name texts the dictionary has", () => {
  const keys = Object.values(LOTTERIES).flatMap(({ texts: { about, rules } }) => [
    about.titleKey,
    ...about.paragraphKeys,
    rules.subtitleKey,
    ...rules.itemKeys,
    ...rules.footer.flatMap(({ titleKey, textKey }) => (titleKey ? [titleKey, textKey] : [textKey])),
  ]);
  expect([...new Set(keys)].filter((key) => !(key in english))).toEqual([]);
});

test('every error code the server raises has its message in the dictionaries', async () => {
  const { readdir, readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const root = new URL('../', import.meta.url).pathname;
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) files.push(path);
    }
  };
  await walk(root);
  const codes = new Set(['tournament_region', 'tournament_no_account']);
  for (const file of files) {
    const source = await readFile(file, 'utf8');
    for (const match of source.matchAll(/httpError\(\s*\d{3},[^;]*?,\s*'([a-z][a-z_]+)'/g)) codes.add(match[1] ?? '');
  }
  expect(codes.size).toBeGreaterThan(30);
  expect([...codes].filter((code) => !(`api_error_${code}` in english))).toEqual([]);
});
