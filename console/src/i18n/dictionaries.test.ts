import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AUDIT_ENTITIES,
  HERO_ARTS,
  PRIZE_KINDS,
  PROMO_MECHANICS,
  PROMO_PRODUCTS,
  PROMO_TEXT_LANGUAGES,
  PROMOTION_STATES,
  STAFF_ROLES,
} from '@promo/contract';
import { expect, test } from 'vitest';
import { FORMATS } from '../lib/validation.ts';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { CTA_TARGETS, TERM_INPUTS, TERM_NAMES } from '../pages/editor/form-model.ts';
import { LIST_FILTERS } from '../pages/promotions/list-query.ts';
import { CONSOLE_LANGUAGES } from './i18n.ts';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );

const DICTIONARIES = { en: flatten(en), ru: flatten(ru) };
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const baseKeys = (dictionary: Record<string, string>) => new Set(Object.keys(dictionary).map(base));
const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

test('Russian has every string English has, and no other', () => {
  expect([...baseKeys(DICTIONARIES.ru)].sort()).toEqual([...baseKeys(DICTIONARIES.en)].sort());
});

test.each(CONSOLE_LANGUAGES)('%s: no empty string, and every plural has each form the language needs', (language) => {
  const dictionary = DICTIONARIES[language];
  for (const [key, text] of Object.entries(dictionary)) expect(text.trim(), key).not.toBe('');
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const plurals = new Set(
    Object.keys(dictionary)
      .filter((key) => PLURAL.test(key))
      .map(base),
  );
  for (const key of plurals) {
    for (const form of forms) expect(dictionary[`${key}_${form}`], `${key}_${form}`).toBeDefined();
  }
});

test('a string takes the same values in both languages', () => {
  for (const [key, text] of Object.entries(DICTIONARIES.en)) {
    const russian = DICTIONARIES.ru[key] ?? DICTIONARIES.ru[`${base(key)}_other`] ?? '';
    expect(variables(russian), key).toEqual(variables(text));
  }
});

const sources = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test/'))
    .map((file) => readFileSync(path.join(dir, file), 'utf8'));

test('every string the code names is in the dictionary', () => {
  const named = sources(path.resolve(import.meta.dirname, '..')).flatMap((source) =>
    [...source.matchAll(/\bt\(\s*'([\w.-]+)'/g)].map((match) => match[1] as string),
  );
  expect(named.length).toBeGreaterThan(150);
  const known = baseKeys(DICTIONARIES.en);
  expect(named.filter((key) => !known.has(key))).toEqual([]);
});

const CTA_SECTIONS = [...new Set(CTA_TARGETS.flatMap((target) => target.sections))];

/** The strings the code makes from the contract's lists: one per value. */
const FAMILIES: [string, readonly string[]][] = [
  ['state', PROMOTION_STATES],
  ['role', STAFF_ROLES],
  ['mechanic', PROMO_MECHANICS],
  ['product', PROMO_PRODUCTS],
  ['prizeKind', PRIZE_KINDS],
  ['heroArt', HERO_ARTS],
  ['cta', CTA_TARGETS.map((target) => target.to)],
  ['ctaSection', CTA_SECTIONS],
  ['terms', TERM_NAMES],
  ['termHints', TERM_NAMES.filter((name) => ['int', 'text'].includes(TERM_INPUTS[name].kind))],
  ['termValues.betType', TERM_INPUTS.betType.kind === 'select' ? TERM_INPUTS.betType.options : []],
  ['termValues.collectible', TERM_INPUTS.collectible.kind === 'select' ? TERM_INPUTS.collectible.options : []],
  ['languages', PROMO_TEXT_LANGUAGES],
  ['audit.entities', AUDIT_ENTITIES],
  ['app.languageName', CONSOLE_LANGUAGES],
  ['list.filters', Object.keys(LIST_FILTERS)],
  ['validation.format', [...new Set(Object.values(FORMATS).map((key) => key.replace('validation.format.', '')))]],
];

test.each(FAMILIES)('%s: a string for each of %j', (family, values) => {
  for (const language of CONSOLE_LANGUAGES) {
    const known = baseKeys(DICTIONARIES[language]);
    expect(
      values.filter((value) => !known.has(`${family}.${value}`)),
      language,
    ).toEqual([]);
  }
});
