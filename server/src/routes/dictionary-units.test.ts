import { DICTIONARY_UNITS, dictionaryUnitUrl, siteConfigUrl } from '@promo/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { readLocales } from '../seed/locales.ts';
import { databaseTargets, useTestServer } from '../testing.ts';

const locales = readLocales();
const LANGUAGES = ['en', 'ru', 'ar'] as const;
const cases = LANGUAGES.flatMap((lang) => DICTIONARY_UNITS.map((unit) => [lang, unit] as const));

describe.each(databaseTargets)('dictionary units (spec 7), on $name', ({ databaseUrl }) => {
  const server = useTestServer(databaseUrl);
  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ url, headers });

  test.each(cases)('%s/%s.json answers the keys of its locale file, in that language', async (lang, unit) => {
    const answer = await get(dictionaryUnitUrl(lang, unit));
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect([body.lang, body.unit]).toEqual([lang, unit]);
    const file = locales[lang]?.[unit] ?? {};
    // Every key of the file, each with its text (the promotions unit also holds the seeded titles).
    expect(Object.entries(file).filter(([key, text]) => body.dictionary[key] !== text)).toEqual([]);
    if (unit !== 'promotions') expect(Object.keys(body.dictionary).sort()).toEqual(Object.keys(file).sort());
  });

  test("the config carries the shell's unit and none of the route units", async () => {
    const { dictionary } = (await get(siteConfigUrl('ru'))).json();
    expect(Object.keys(dictionary).sort()).toEqual(Object.keys(locales.ru?.common ?? {}).sort());
    expect(dictionary.lotto_results_title).toBeUndefined();
    expect(dictionary.app_title).toBe(locales.ru?.common?.app_title);
  });

  test('a unit is built once: its ETag answers 304, and a changed text is a new answer', async () => {
    const url = dictionaryUnitUrl('en', 'lotto');
    const first = await get(url, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': first.headers.etag as string });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    const setTitle = (value: string) =>
      server.database.db.execute(
        sql`update dictionary_entries set value = ${value} where lang_code = 'en' and key = 'lotto_results_title'`,
      );
    const title = async () => (await get(url)).json().dictionary.lotto_results_title as string;
    const before = await title();
    await setTitle('Results, changed by the operator');
    try {
      await vi.waitFor(async () => expect(await title()).toBe('Results, changed by the operator'));
      const changed = await get(url, { 'accept-encoding': 'br', 'if-none-match': first.headers.etag as string });
      expect(changed.statusCode).toBe(200);
    } finally {
      await setTitle(before);
      await vi.waitFor(async () => expect(await title()).toBe(before));
    }
  });

  test('a language that is not enabled gets the main language', async () => {
    const answer = (await get(dictionaryUnitUrl('zz', 'promotions'))).json();
    expect(answer.lang).toBe('en');
    expect(answer.dictionary.promo_section_title).toBe(locales.en?.promotions?.promo_section_title);
  });

  test.each([
    ['an unknown unit', '/promo-frame/bff-api/dictionary/casino.json?lang=ru', 404, 'not_found'],
    ['a unit without .json', '/promo-frame/bff-api/dictionary/lotto?lang=ru', 404, 'not_found'],
    ['a language of three letters', '/promo-frame/bff-api/dictionary/lotto.json?lang=rus', 400, 'invalid_param'],
  ] as const)('%s is a %s with its code and a message in the language asked for', async (_name, url, status, code) => {
    const answer = await get(url, { 'accept-language': 'ru' });
    expect([answer.statusCode, answer.json().error]).toEqual([status, code]);
    expect(answer.json().message).toMatch(/[а-яё]/i);
  });
});
