import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { ContentWatch } from '../db/content-watch.ts';
import { dictionaryEntries } from '../db/schema.ts';

/** Dictionary keys of error messages: `api_error_<code>` for each machine-readable code. */
const PREFIX = 'api_error_';

/**
 * The language an answer's message is written in: the `lang` query parameter (`language` in the
 * bonus CMS calls, spec 7), else the first language of Accept-Language (the frame sends its own),
 * else English.
 */
export function requestLanguage(url: string, acceptLanguage: string | string[] | undefined): string {
  // The raw query: a route's schema may have dropped a lang it does not read.
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  const asked = query.get('lang') ?? query.get('language');
  if (asked !== null && /^[a-z]{2}$/.test(asked)) return asked;
  const first = (Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage)?.split(',')[0]?.trim();
  const primary = first?.split(/[-_;]/)[0]?.toLowerCase();
  return primary && /^[a-z]{2}$/.test(primary) ? primary : 'en';
}

/**
 * Error messages by language, from the dictionaries: read once per language, again after the
 * dictionaries change.
 */
export function createErrorTexts(db: Database, watch: ContentWatch) {
  const byLanguage = new Map<string, Promise<Map<string, string>>>();
  watch.onChange(() => byLanguage.clear());
  const load = (language: string) => {
    let texts = byLanguage.get(language);
    if (!texts) {
      texts = db
        .select({ key: dictionaryEntries.key, value: dictionaryEntries.value })
        .from(dictionaryEntries)
        .where(and(eq(dictionaryEntries.langCode, language), like(dictionaryEntries.key, `${PREFIX}%`)))
        .then((rows) => new Map(rows.map((row) => [row.key.slice(PREFIX.length), row.value])))
        .catch(() => new Map<string, string>());
      byLanguage.set(language, texts);
    }
    return texts;
  };
  /** The message of a code in a language (English when the language lacks it), or undefined. */
  return async (code: string, language: string): Promise<string | undefined> =>
    (await load(language)).get(code) ?? (language === 'en' ? undefined : (await load('en')).get(code));
}
