import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DICTIONARY_UNITS } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { baseKey, keyNamer } from './key-scan.ts';
import { LOCALES_DIR, localeDictionaries, localeEntries, mergeNamespaces, readLocales } from './locales.ts';

const locales = readLocales();
const english = locales.en ?? {};
const repo = path.resolve(LOCALES_DIR, '..', '..');

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]))].sort();

const translations = Object.entries(locales).filter(([language]) => language !== 'en');
const pairs = translations.flatMap(([language]) =>
  Object.keys(english).map((namespace) => [language, namespace] as const),
);

test('the files are English plus two translations, each with a file per dictionary unit', () => {
  expect(Object.keys(locales)).toEqual(['ar', 'en', 'ru']);
  expect(Object.keys(english)).toEqual([...DICTIONARY_UNITS].sort());
  for (const [, namespaces] of translations) expect(Object.keys(namespaces)).toEqual(Object.keys(english));
});

test.each(pairs)('%s/%s.json has the keys of English (plural forms aside), none empty', (language, namespace) => {
  const keys = (entries: Record<string, string> | undefined) =>
    [...new Set(Object.keys(entries ?? {}).map(baseKey))].sort();
  const entries = locales[language]?.[namespace] ?? {};
  expect(keys(entries)).toEqual(keys(english[namespace]));
  expect(Object.entries(entries).filter(([, text]) => text.trim() === '')).toEqual([]);
});

test.each(pairs)('%s/%s.json keeps the placeholders of each English text', (language, namespace) => {
  const reference = english[namespace] ?? {};
  const wrong = Object.entries(locales[language]?.[namespace] ?? {}).flatMap(([key, text]) => {
    const source = reference[key] ?? reference[`${baseKey(key)}_other`] ?? '';
    const expected = placeholders(source);
    // "one day", "two days": a language may spell the small plural forms out without {{count}}.
    const optional = /_(zero|one|two)$/.test(key) ? ['count'] : [];
    const actual = placeholders(text);
    const same = expected.every((name) => actual.includes(name) || optional.includes(name ?? ''));
    return same && actual.every((name) => expected.includes(name)) ? [] : [`${key}: ${actual} ≠ ${expected}`];
  });
  expect(wrong).toEqual([]);
});

/** The texts a key can be named in: the code of every workspace and the promotions' content files. */
function sources(): string {
  const roots = ['frame/src', 'server/src', 'contract/src', 'host-sdk/src', 'server/content'];
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(ts|tsx|json)$/.test(name) && !/\.test\.tsx?$/.test(name)) texts.push(readFileSync(file, 'utf8'));
    }
  };
  for (const root of roots) walk(path.join(repo, root));
  return texts.join('\n');
}

/** Keys no source names (see keyNamer for what counts as naming one). */
function unusedKeys(keys: readonly string[], text: string): string[] {
  const named = keyNamer(text);
  return keys.filter((key) => !named(key));
}

describe('no key is unused', () => {
  test('the scan tells a named key from an unnamed one', () => {
    const template = (text: string) => `\`${text}\``;
    const code = [
      "t('promo_title');",
      `t(${template('$' + '{card}_text')});`,
      "const card = 'home_card_lotto';",
      `t(${template('promo_kicker_$' + '{id}')});`,
      "const P = 'api_error_';",
    ].join(' ');
    const keys = [
      'promo_title',
      'home_card_lotto_text',
      'promo_kicker_daily_gift',
      'api_error_conflict',
      'days_one',
      'loading',
      'home_card_lotto_note',
    ];
    expect(unusedKeys(keys, `${code} t('days', { count })`)).toEqual(['loading', 'home_card_lotto_note']);
  });

  test('every English key is named somewhere in the code or the content files', () => {
    const keys = Object.values(english).flatMap((entries) => Object.keys(entries));
    expect(keys.length).toBeGreaterThan(700);
    expect(unusedKeys(keys, sources())).toEqual([]);
  });
});

describe('reading the files', () => {
  const folder = (files: Record<string, unknown>) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'promo-locales-'));
    for (const [name, value] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), JSON.stringify(value));
    }
    return dir;
  };

  test('namespaces merge into the one dictionary per language the config serves', () => {
    const dir = folder({ 'en/common.json': { a: 'A' }, 'en/promotions.json': { b: 'B {{n}}' } });
    try {
      expect(localeDictionaries(readLocales(dir))).toEqual({ en: { a: 'A', b: 'B {{n}}' } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('each key is stored with its unit, the file it is in', () => {
    const dir = folder({ 'en/common.json': { a: 'A' }, 'en/lotto.json': { b: 'B' } });
    try {
      expect(localeEntries(readLocales(dir))).toEqual([
        { langCode: 'en', key: 'a', value: 'A', unit: 'common' },
        { langCode: 'en', key: 'b', value: 'B', unit: 'lotto' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a file that is no dictionary unit is refused with its name', () => {
    const stray = folder({ 'en/common.json': { a: 'A' }, 'en/casino.json': { b: 'B' } });
    try {
      expect(() => readLocales(stray)).toThrow('en/casino.json: not a dictionary unit');
    } finally {
      rmSync(stray, { recursive: true, force: true });
    }
  });

  test('a file that is not flat key → text, or a key in two namespaces, is refused with its name', () => {
    const nested = folder({ 'en/common.json': { a: { nested: 'A' } } });
    try {
      expect(() => readLocales(nested)).toThrow('en/common.json');
    } finally {
      rmSync(nested, { recursive: true, force: true });
    }
    expect(() => mergeNamespaces('ru', { common: { a: 'A' }, promotions: { a: 'Б' } })).toThrow(
      'ru: key a is in both common.json and promotions.json',
    );
  });
});
