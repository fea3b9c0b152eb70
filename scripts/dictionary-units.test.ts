/**
 * Dictionary units (spec 7) hold: a unit's keys are named only by the code of the pages that load
 * it, and that code is rendered only by those pages. A key that any other code names belongs in
 * `common`, which comes with the config on every page; otherwise a page would show it empty.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RouteDictionaryUnit } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { keyNamer } from '../server/src/seed/key-scan.ts';
import { readLocales } from '../server/src/seed/locales.ts';

const src = path.resolve(import.meta.dirname, '..', 'frame', 'src');

/**
 * The slices (folders of frame/src) whose code renders only on the routes that name each unit
 * (frame/src/app/router: routes.tsx and index-route.tsx; frame/src/app/router/routes.test.ts
 * checks the routes name them). The routes' own titles are read after their units have loaded.
 */
const OWNERS: Record<RouteDictionaryUnit, string[]> = {
  home: ['pages/home'],
  lotto: ['pages/lotto', 'features/watch-draw', 'features/ticket-news', 'entities/lottery'],
  promotions: [
    'pages/promotion',
    'pages/promotions',
    'features/activate-bonus',
    'features/choose-first-bonus',
    'features/join-tournament',
    'features/live-standings',
    'features/promo-credits',
    'features/search-hunt',
    'features/spin-wheel',
    'features/take-daily-bonus',
    'features/take-lucky-ticket',
    'widgets/bet-series',
    'widgets/casino-games',
    'widgets/leaderboard',
    'widgets/prize-table',
    'widgets/weekly-jackpot',
    'entities/promo-credit',
    'entities/tournament',
    'entities/wheel',
  ],
  dev: ['pages/dev-tools'],
};
/** Where routes are declared: they import every page and name titles of every unit. */
const ROUTER = 'app/router';

/** The frame's source files (tests aside), by path relative to frame/src. */
function sources(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        files.set(path.relative(src, file), readFileSync(file, 'utf8'));
      }
    }
  };
  walk(src);
  return files;
}

const files = sources();
const english = readLocales().en ?? {};
const sliceOf = (file: string) => file.split(path.sep).slice(0, 2).join('/');
const inside = (file: string, folders: readonly string[]) => folders.includes(sliceOf(file));
const units = Object.keys(OWNERS) as RouteDictionaryUnit[];

describe.each(units)('the %s unit', (unit) => {
  const owners = OWNERS[unit];

  test('has keys, and each is named by its pages and by no other code', () => {
    const keys = Object.keys(english[unit] ?? {});
    expect(keys.length).toBeGreaterThan(0);
    const namedOutside = [...files]
      .filter(([file]) => !inside(file, owners) && !file.startsWith(ROUTER))
      .flatMap(([file, text]) => {
        const named = keyNamer(text);
        return keys.filter(named).map((key) => `${key} in ${file}`);
      });
    expect(namedOutside).toEqual([]);
  });

  test("its pages' code is rendered by its pages only", () => {
    const imports = [...files].flatMap(([file, text]) =>
      [...text.matchAll(/from '(\.[^']+)'|import\('(\.[^']+)'\)/g)].map((match) => ({
        file,
        target: path.join(path.dirname(file), match[1] ?? match[2] ?? ''),
      })),
    );
    const strays = imports.filter(
      ({ file, target }) => inside(target, owners) && !inside(file, owners) && !file.startsWith(ROUTER),
    );
    expect(strays.map(({ file, target }) => `${file} imports ${target}`)).toEqual([]);
  });
});

test('the check finds a key of a unit named outside its pages', () => {
  const named = keyNamer("t('lotto_results_title')");
  expect(Object.keys(english.lotto ?? {}).filter(named)).toEqual(['lotto_results_title']);
});

test("the keys the site config and its parts name (the footer's links, the information tags) are the shell's", () => {
  const seed = path.resolve(src, '..', '..', 'server', 'src', 'seed');
  const named = keyNamer(
    ['config-parts.ts', 'site-settings.ts'].map((file) => readFileSync(path.join(seed, file), 'utf8')).join('\n'),
  );
  const inUnits = units.flatMap((unit) =>
    Object.keys(english[unit] ?? {})
      .filter(named)
      .map((key) => `${key} in ${unit}.json`),
  );
  expect(inUnits).toEqual([]);
});
