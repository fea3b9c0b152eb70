import { type DictionaryUnit, type SiteConfig, siteConfigSchema } from '@promo/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { dictionaryEntries, languages, siteSettings } from '../db/schema.ts';

/** The site config could not be built from the stored rows (an operator broke a block). */
export class SiteConfigInvalidError extends Error {
  readonly issues: string;

  constructor(issues: string) {
    super(`Stored site config is invalid: ${issues}`);
    this.issues = issues;
  }
}

async function settingsAndLanguages(db: Database) {
  const [settingRows, languageRows] = await Promise.all([
    db.select().from(siteSettings),
    db
      .select({ id: languages.id, title: languages.title, code: languages.code })
      .from(languages)
      .where(eq(languages.enabled, true))
      .orderBy(asc(languages.sortOrder), asc(languages.id)),
  ]);
  return { settings: Object.fromEntries(settingRows.map((row) => [row.key, row.value])), languageRows };
}

const chosenLanguage = (
  lang: string | undefined,
  settings: Record<string, unknown>,
  languageRows: ReadonlyArray<{ code: string }>,
): string => {
  const mainLocale = (settings.mainLanguage as { locale?: string } | undefined)?.locale;
  const available = new Set(languageRows.map((l) => l.code));
  return lang && available.has(lang) ? lang : (mainLocale ?? languageRows[0]?.code ?? 'en');
};

/** The dictionary's language for `lang`: itself when enabled, else the main language. */
export async function dictionaryLanguage(db: Database, lang: string | undefined): Promise<string> {
  const { settings, languageRows } = await settingsAndLanguages(db);
  return chosenLanguage(lang, settings, languageRows);
}

/**
 * Builds the config payload for `lang`. A language that is not enabled gets the main language's
 * dictionary, and `lang` in the payload says which one was used.
 */
export async function loadSiteConfig(
  db: Database,
  lang: string | undefined,
  allowedHostOrigins: readonly string[],
): Promise<SiteConfig> {
  const { settings, languageRows } = await settingsAndLanguages(db);
  const dictionaryLang = chosenLanguage(lang, settings, languageRows);
  const dictionary = await loadDictionaryUnit(db, dictionaryLang, 'common');

  const parsed = siteConfigSchema.safeParse({
    ...settings,
    lang: dictionaryLang,
    languages: languageRows,
    // The shell's unit only: the others load with the routes that name them.
    dictionary,
    // The extra block of the dictionary's language, as stored (the frame checks it).
    dictionaryExtra: extraBlockOf(settings.dictionaryExtra, dictionaryLang),
    // The same allow-list that the CSP's frame-ancestors enforces.
    iframe: { allowedHostOrigins },
  });
  if (!parsed.success) {
    throw new SiteConfigInvalidError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  return parsed.data;
}

/** The stored extra block of one language (settings key dictionaryExtra, by language); undefined when none. */
const extraBlockOf = (stored: unknown, lang: string): unknown =>
  typeof stored === 'object' && stored !== null && !Array.isArray(stored)
    ? (stored as Record<string, unknown>)[lang]
    : undefined;

/** One unit of a language's dictionary (the language as stored: `dictionaryLanguage` chooses it). */
export async function loadDictionaryUnit(
  db: Database,
  lang: string,
  unit: DictionaryUnit,
): Promise<Record<string, string>> {
  const entries = await db
    .select({ key: dictionaryEntries.key, value: dictionaryEntries.value })
    .from(dictionaryEntries)
    .where(and(eq(dictionaryEntries.langCode, lang), eq(dictionaryEntries.unit, unit)));
  return Object.fromEntries(entries.map((e) => [e.key, e.value]));
}

/** The project id of the stored config block (mobile apps must name the same one). */
export async function loadProjectId(db: Database): Promise<number | null> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, 'config'));
  const projectId = (row?.value as { projectId?: unknown } | undefined)?.projectId;
  return typeof projectId === 'number' ? projectId : null;
}

/** The code of the stored currency block: the currency a visitor sees until the host names one. */
export async function siteCurrencyCode(db: Database): Promise<string> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, 'currency'));
  const code = (row?.value as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : 'USD';
}
