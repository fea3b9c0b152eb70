import { CONSOLE_ENDPOINTS, type PromoDraft } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { audit } from '../domain/audit.ts';
import { publishProblems } from '../domain/promotion-versions.ts';
import { readLocales } from '../seed/locales.ts';
import { loadPromoContent } from '../seed/promotion-content.ts';
import { auditCount, consoleCall as call, staffSessions, consoleUrl as url, useTestServer } from '../testing.ts';

const common = (language: string) => readLocales()[language]?.common ?? {};

const [first] = loadPromoContent().filter((content) => content.slug === '1st');
if (!first) throw new Error('1st content missing');
const EN_TEXTS = first.texts.en;

/** A new promotion: "1st" but for its slug, without ids, with its English texts only unless given. */
const draftOf = (slug: string, texts: PromoDraft['texts'] = { en: EN_TEXTS }): PromoDraft => ({
  ...first,
  slug,
  ids: [],
  texts,
});

/** What an answer's problems say, line by line, with the field each is about. */
const lines = (problems: { path: (string | number)[]; message: string }[]) =>
  problems.map(({ path, message }) => [path.join('.'), message]);

describe('the console’s problem lines are in the operator’s language', () => {
  const server = useTestServer(undefined);
  const staffOf = staffSessions(server);

  test.each([
    ['ru', 'en: сумма в валюте написана текстом в «Get $25 back.»'],
    ['en', 'en: money written as text in "Get $25 back."'],
    ['ar', 'en: مبلغ مالي مكتوب نصًا في «Get $25 back.»'],
  ])('a save the content check refuses, read in %s', async (language, line) => {
    const editor = await staffOf('editor');
    const answer = await call(server, editor, 'POST', url(CONSOLE_ENDPOINTS.create), {
      payload: draftOf(`problem-lines-money-${language}`, { en: { ...EN_TEXTS, rules: ['Get $25 back.'] } }),
      headers: { 'accept-language': language },
    });
    expect([answer.statusCode, answer.json().error, answer.json().message]).toEqual([
      422,
      'content_check',
      common(language).api_error_content_check,
    ]);
    expect(answer.json().problems).toEqual([
      { code: 'money_in_text', path: ['texts', 'en', 'rules', 0], params: expect.any(Object), message: line },
    ]);
  });

  test('a preview of a version with no texts yet is refused in the reader’s language, and writes nothing', async () => {
    const editor = await staffOf('editor');
    const created = await call(server, editor, 'POST', url(CONSOLE_ENDPOINTS.create), {
      payload: draftOf('problem-lines-no-texts', {}),
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = await auditCount(server);
    const answer = await call(
      server,
      editor,
      'POST',
      url(CONSOLE_ENDPOINTS.preview, { slug: 'problem-lines-no-texts', version: 1 }),
      {
        headers: { 'accept-language': 'ru' },
      },
    );
    expect([answer.statusCode, answer.json().error, answer.json().message]).toEqual([
      422,
      'preview_no_texts',
      common('ru').api_error_preview_no_texts,
    ]);
    expect(common('ru').api_error_preview_no_texts).toMatch(/нет текстов/);
    expect(await auditCount(server)).toBe(before);
  });

  test('a version’s problems and a refused publication, in Russian', async () => {
    const editor = await staffOf('editor');
    const publisher = await staffOf('publisher');
    const draft = draftOf('problem-lines-missing');
    const russian = { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' };
    const created = await call(server, editor, 'POST', url(CONSOLE_ENDPOINTS.create), {
      payload: draft,
      headers: russian,
    });
    expect(created.statusCode, created.body).toBe(201);
    const missing = [
      ['texts.ru', 'ru: текстов ещё нет'],
      ['texts.ar', 'ar: текстов ещё нет'],
    ];
    expect(lines(created.json().latest.problems)).toEqual(missing);
    const version = await call(
      server,
      editor,
      'GET',
      url(CONSOLE_ENDPOINTS.version, { slug: draft.slug, version: 1 }),
      {
        headers: russian,
      },
    );
    expect(lines(version.json().problems)).toEqual(missing);
    const refused = await call(server, publisher, 'POST', url(CONSOLE_ENDPOINTS.publish, { slug: draft.slug }), {
      payload: { version: 1 },
      headers: russian,
    });
    expect([refused.statusCode, refused.json().error, refused.json().message]).toEqual([
      422,
      'not_publishable',
      common('ru').api_error_not_publishable,
    ]);
    expect(lines(refused.json().problems)).toEqual(missing);
    // The same version read in English.
    const english = await call(server, editor, 'GET', url(CONSOLE_ENDPOINTS.promotion, { slug: draft.slug }), {
      headers: { 'accept-language': 'en' },
    });
    expect(lines(english.json().latest.problems)).toEqual([
      ['texts.ru', 'ru: no texts yet'],
      ['texts.ar', 'ar: no texts yet'],
    ]);
  });

  test('a field the schema refuses is named in Russian, the English detail kept', async () => {
    const editor = await staffOf('editor');
    const answer = await call(server, editor, 'POST', url(CONSOLE_ENDPOINTS.create), {
      payload: draftOf('problem-lines-schema', { en: { ...EN_TEXTS, title: 'x' } }),
      headers: { 'accept-language': 'ru' },
    });
    expect(answer.json()).toMatchObject({
      statusCode: 400,
      error: 'invalid_body',
      message: common('ru').api_error_invalid_body,
      detail: 'Invalid request body: texts.en.title: Too small: expected string to have >=2 characters',
    });
    expect(answer.json().issues).toEqual([
      {
        path: ['texts', 'en', 'title'],
        message: 'Слишком маленькое значение: ожидалось, что string будет иметь >=2 символа',
      },
    ]);
  });

  test('a failed scheduled publication in the audit log reads in the reader’s language', async () => {
    const editor = await staffOf('editor');
    const draft = draftOf('problem-lines-audit');
    await audit(
      server.database.db,
      { staffId: null, name: 'schedule:demo.publisher', address: 'server' },
      {
        entity: 'promotion',
        entityId: draft.slug,
        action: 'schedule-failed',
        before: { scheduledVersion: 1 },
        after: { problems: publishProblems(draft) },
        version: 1,
      },
    );
    const log = await call(server, editor, 'GET', url(CONSOLE_ENDPOINTS.audit, {}, `?entityId=${draft.slug}`), {
      headers: { 'accept-language': 'ru' },
    });
    const [entry] = log.json().items;
    expect(entry.action).toBe('schedule-failed');
    expect(lines(entry.diff.problems[1])).toEqual([
      ['texts.ru', 'ru: текстов ещё нет'],
      ['texts.ar', 'ar: текстов ещё нет'],
    ]);
  });
});
