import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DICTIONARY_UNITS, type DictionaryUnit, isDictionaryUnit } from '@promo/contract';
import { z } from 'zod';

/**
 * The locale files translators and i18next tooling work with: `server/locales/<language>/<namespace>.json`,
 * one file per dictionary unit (contract DICTIONARY_UNITS: the frame loads a unit with the routes
 * that name it),
 * each a flat object of key → text (i18next's JSON v4: plural forms as `key_one`, `key_other` …,
 * interpolation as `{{name}}`). English is the reference language.
 */
export const LOCALES_DIR = join(import.meta.dirname, '..', '..', 'locales');

const namespaceSchema = z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/), z.string());

/** Language → namespace → key → text, as the files say. */
export type Locales = Record<string, Record<string, Record<string, string>>>;

/** Reads every language folder and namespace file; a file that is not a flat key → text object throws, naming it. */
export function readLocales(dir: string = LOCALES_DIR): Locales {
  const locales: Locales = {};
  for (const language of readdirSync(dir).sort()) {
    const namespaces: Record<string, Record<string, string>> = {};
    for (const file of readdirSync(join(dir, language))
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      const parsed = namespaceSchema.safeParse(JSON.parse(readFileSync(join(dir, language, file), 'utf8')));
      if (!parsed.success) throw new Error(`${language}/${file}: ${z.prettifyError(parsed.error)}`);
      const namespace = file.slice(0, -'.json'.length);
      if (!isDictionaryUnit(namespace))
        throw new Error(`${language}/${file}: not a dictionary unit (${DICTIONARY_UNITS.join(', ')})`);
      namespaces[namespace] = parsed.data;
    }
    locales[language] = namespaces;
  }
  return locales;
}

/** One language's namespaces as the one dictionary the config serves; a key in two namespaces throws. */
export function mergeNamespaces(
  language: string,
  namespaces: Record<string, Record<string, string>>,
): Record<string, string> {
  const merged: Record<string, string> = {};
  const owner = new Map<string, string>();
  for (const [namespace, entries] of Object.entries(namespaces)) {
    for (const [key, text] of Object.entries(entries)) {
      const first = owner.get(key);
      if (first) throw new Error(`${language}: key ${key} is in both ${first}.json and ${namespace}.json`);
      owner.set(key, namespace);
      merged[key] = text;
    }
  }
  return merged;
}

/** The seeded dictionaries by language code, from the locale files. */
export const localeDictionaries = (locales: Locales = readLocales()): Record<string, Record<string, string>> =>
  Object.fromEntries(
    Object.entries(locales).map(([language, namespaces]) => [language, mergeNamespaces(language, namespaces)]),
  );

/** The dictionary rows of the locale files: each key with its language and unit (its file). */
export const localeEntries = (
  locales: Locales = readLocales(),
): Array<{ langCode: string; key: string; value: string; unit: DictionaryUnit }> =>
  Object.entries(locales).flatMap(([langCode, namespaces]) => {
    mergeNamespaces(langCode, namespaces);
    return Object.entries(namespaces).flatMap(([unit, entries]) =>
      Object.entries(entries).map(([key, value]) => ({ langCode, key, value, unit: unit as DictionaryUnit })),
    );
  });
