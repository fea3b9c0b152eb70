import {
  CMS_ENDPOINTS,
  CMS_PREVIEW_ENDPOINTS,
  type CmsPageDraft,
  type CmsPageRow,
  CONSOLE_CMS_ENDPOINTS,
  CONSOLE_ENDPOINTS,
  type ConsoleCmsPage,
  cmsPageDraftSchema,
  cmsPageSchema,
} from '@promo/contract';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { cmsPages } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { publishDueCmsPages } from '../domain/cms-versions.ts';
import { auditCount, consoleCall as call, staffSessions, consoleUrl as url, useTestServer } from '../testing.ts';

const WELCOME = { type: 'bonus', slug: 'welcome' } as const;
const framePage = (language: string) =>
  `${url(CMS_ENDPOINTS.page)}?type=bonus&slug=welcome&language=${language}&promotion_service_id=285`;

/** The seeded page as the editor opens it, with a block added at the end of one language's tree. */
function withBlock(page: ConsoleCmsPage, language: string, block: CmsPageDraft['languages'][string]['blocks'][number]) {
  const languages = structuredClone(page.latest.languages);
  const texts = languages[language];
  if (!texts) throw new Error(`no ${language}`);
  texts.blocks.push(block);
  return { languages, countries: page.latest.countries } satisfies CmsPageDraft;
}

const NEW_STEPS = {
  id: 'more-steps',
  type: 'steps',
  props: { title: 'Two more steps', items: [{ title: 'Bet', text: 'Place a bet of {{stake}}.' }] },
};
const STAKE = { stake: { amount: '5', currencyCode: 'USD' } };

describe('CMS pages in the console', () => {
  const server = useTestServer(undefined);
  const staffOf = staffSessions(server);

  test('every role lists the pages; a seeded one is version 1, published', async () => {
    const support = await staffOf('support');
    const list = await call(server, support, 'GET', url(CONSOLE_CMS_ENDPOINTS.cmsPages));
    expect(list.statusCode, list.body).toBe(200);
    // No other test of this file touches the landing (they run shuffled).
    expect(list.json()).toContainEqual(
      expect.objectContaining({
        type: 'landing',
        slug: 'summer-cup',
        languages: ['ar', 'en', 'ru'],
        latestVersion: 1,
        publishedVersion: 1,
        title: 'Summer Cup',
      }),
    );
    const page = await call(
      server,
      support,
      'GET',
      url(CONSOLE_CMS_ENDPOINTS.cmsPage, { type: 'landing', slug: 'summer-cup' }),
    );
    expect(page.json().latest.languages.en.blocks[0]).toMatchObject({ id: 'hero', type: 'hero' });
    const none = await call(
      server,
      support,
      'GET',
      url(CONSOLE_CMS_ENDPOINTS.cmsPage, { type: 'bonus', slug: 'nope' }),
    );
    expect(none.statusCode).toBe(404);
  });

  test('every seeded page passes the save schema unchanged: the editor can save what it opens', async () => {
    const support = await staffOf('support');
    const list = (await call(server, support, 'GET', url(CONSOLE_CMS_ENDPOINTS.cmsPages))).json() as CmsPageRow[];
    expect(list.length).toBeGreaterThanOrEqual(4);
    for (const row of list) {
      const page = (
        await call(server, support, 'GET', url(CONSOLE_CMS_ENDPOINTS.cmsPage, { type: row.type, slug: row.slug }))
      ).json() as ConsoleCmsPage;
      const parsed = cmsPageDraftSchema.safeParse({
        languages: page.latest.languages,
        countries: page.latest.countries,
      });
      expect(parsed.success ? [] : parsed.error.issues, `${row.type}/${row.slug}`).toEqual([]);
    }
  });

  test('save over If-Match, lose a race with 409, publish: the frame serves it; unpublish: 404; all audited', async () => {
    const editor = await staffOf('editor');
    const publisher = await staffOf('publisher');
    const pageUrl = url(CONSOLE_CMS_ENDPOINTS.cmsPage, WELCOME);
    const opened = (await call(server, editor, 'GET', pageUrl)).json() as ConsoleCmsPage;
    const draft = withBlock(opened, 'en', { ...NEW_STEPS, props: { ...NEW_STEPS.props, amounts: STAKE } });
    const saveUrl = url(CONSOLE_CMS_ENDPOINTS.cmsPageSave, WELCOME);
    const auditBefore = await auditCount(server);

    const noMatch = await call(server, editor, 'PUT', saveUrl, { payload: draft });
    expect([noMatch.statusCode, noMatch.json().error]).toEqual([428, 'if_match_required']);
    const saved = await call(server, editor, 'PUT', saveUrl, { payload: draft, headers: { 'if-match': '"1"' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe('"2"');
    expect(saved.json()).toMatchObject({ latestVersion: 2, publishedVersion: 1, lastEditor: 'demo.editor' });
    expect(saved.json().latest).toMatchObject({ version: 2, basedOn: 1, author: 'demo.editor' });

    // Saved, not served: the frame still reads version 1.
    expect(cmsPageSchema.parse((await server.app.inject({ url: framePage('en') })).json()).version).toBe(1);

    const stale = await call(server, editor, 'PUT', saveUrl, {
      payload: draft,
      headers: { 'if-match': '"1"', 'accept-language': 'en' },
    });
    expect([stale.statusCode, stale.json().error, stale.json().latest.version]).toEqual([409, 'stale_version', 2]);
    expect(stale.json().latest.languages.en.blocks.at(-1).id).toBe('more-steps');

    // Editors save; publishing is a publisher's.
    const publishUrl = url(CONSOLE_CMS_ENDPOINTS.cmsPagePublish, WELCOME);
    const byEditor = await call(server, editor, 'POST', publishUrl, { payload: { version: 2 } });
    expect(byEditor.statusCode).toBe(403);
    const missing = await call(server, publisher, 'POST', publishUrl, { payload: { version: 9 } });
    expect(missing.statusCode).toBe(404);
    const published = await call(server, publisher, 'POST', publishUrl, { payload: { version: 2 } });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ latestVersion: 2, publishedVersion: 2 });

    const served = cmsPageSchema.parse((await server.app.inject({ url: framePage('en') })).json());
    expect(served.version).toBe(2);
    expect(served.blocks.at(-1)).toMatchObject({ id: 'more-steps', type: 'steps' });
    // In the asked currency, as every CMS amount (decision 030).
    const inEuro = await server.app.inject({ url: `${framePage('en')}&currency=EUR` });
    expect(inEuro.json().blocks.at(-1).props.amounts).toEqual({ stake: { amount: '4.60', currencyCode: 'EUR' } });

    const off = await call(server, publisher, 'DELETE', url(CONSOLE_CMS_ENDPOINTS.cmsPageUnpublish, WELCOME));
    expect(off.json()).toMatchObject({ publishedVersion: null });
    expect((await server.app.inject({ url: framePage('en') })).statusCode).toBe(404);
    expect((await server.app.inject({ url: framePage('ru') })).statusCode).toBe(404);

    // Publishing the seeded version again serves it.
    await call(server, publisher, 'POST', publishUrl, { payload: { version: 1 } });
    expect(cmsPageSchema.parse((await server.app.inject({ url: framePage('ru') })).json()).version).toBe(1);

    expect((await auditCount(server)) - auditBefore).toBe(4);
    const log = await call(
      server,
      editor,
      'GET',
      url(CONSOLE_ENDPOINTS.audit, {}, '?entity=cms-page&entityId=bonus/welcome'),
    );
    const entries = log
      .json()
      .items.map((entry: { action: string; actor: string; version: number | null }) => [
        entry.action,
        entry.actor,
        entry.version,
      ]);
    expect(entries).toEqual([
      ['publish', 'demo.publisher', 1],
      ['unpublish', 'demo.publisher', null],
      ['publish', 'demo.publisher', 2],
      ['save', 'demo.editor', 2],
    ]);
    const saveEntry = log.json().items.at(-1);
    expect(saveEntry.entityId).toBe('bonus/welcome');
    expect(Object.keys(saveEntry.diff)).toEqual(['languages.en.blocks']);
  });

  test('an earlier version is read and restored as the newest draft; the history lists each', async () => {
    const editor = await staffOf('editor');
    const key = { type: 'bonus', slug: 'crypto-boost' } as const;
    const opened = (
      await call(server, editor, 'GET', url(CONSOLE_CMS_ENDPOINTS.cmsPage, key))
    ).json() as ConsoleCmsPage;
    const languages = structuredClone(opened.latest.languages);
    if (languages.en) languages.en.title = 'Crypto boost, renamed';
    const saved = await call(server, editor, 'PUT', url(CONSOLE_CMS_ENDPOINTS.cmsPageSave, key), {
      payload: { languages, countries: opened.latest.countries },
      headers: { 'if-match': String(opened.latestVersion) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = opened.latestVersion + 1;
    const earlier = await call(
      server,
      editor,
      'GET',
      url(CONSOLE_CMS_ENDPOINTS.cmsPageVersion, { ...key, version: 1 }),
    );
    expect(earlier.json()).toMatchObject({
      version: 1,
      countries: ['CY', 'AE'],
      languages: { en: { title: 'Crypto boost' } },
    });

    const restored = await call(
      server,
      editor,
      'POST',
      url(CONSOLE_CMS_ENDPOINTS.cmsPageRestore, { ...key, version: 1 }),
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      latestVersion: second + 1,
      publishedVersion: 1,
      latest: {
        version: second + 1,
        basedOn: second,
        author: 'demo.editor',
        languages: { en: { title: 'Crypto boost' } },
      },
    });
    expect(
      restored
        .json()
        .versions.map((version: { version: number }) => version.version)
        .slice(0, 3),
    ).toEqual([second + 1, second, second - 1]);
    const missing = await call(
      server,
      editor,
      'POST',
      url(CONSOLE_CMS_ENDPOINTS.cmsPageRestore, { ...key, version: 99 }),
    );
    expect(missing.statusCode).toBe(404);
    const log = await call(server, editor, 'GET', url(CONSOLE_ENDPOINTS.audit, {}, '?entityId=bonus/crypto-boost'));
    expect(log.json().items.map((entry: { action: string }) => entry.action)).toEqual(['restore', 'save']);
  });

  test('a publisher schedules a version: the publication job publishes it on time, once; a past time is refused', async () => {
    const editor = await staffOf('editor');
    const publisher = await staffOf('publisher');
    const key = { type: 'headless', slug: 'terms' } as const;
    const opened = (
      await call(server, editor, 'GET', url(CONSOLE_CMS_ENDPOINTS.cmsPage, key))
    ).json() as ConsoleCmsPage;
    const saved = await call(server, editor, 'PUT', url(CONSOLE_CMS_ENDPOINTS.cmsPageSave, key), {
      payload: withBlock(opened, 'en', {
        id: 'scheduled-cta',
        type: 'callToAction',
        props: { label: 'Go', target: { kind: 'promotions' } },
      }),
      headers: { 'if-match': String(opened.latestVersion) },
    });
    const version = (saved.json() as ConsoleCmsPage).latestVersion;
    const publishUrl = url(CONSOLE_CMS_ENDPOINTS.cmsPagePublish, key);
    const past = await call(server, publisher, 'POST', publishUrl, { payload: { version, at: 1_000 } });
    expect([past.statusCode, past.json().error]).toEqual([422, 'past_time']);
    const at = Math.floor(Date.now() / 1000) + 3600;
    const scheduled = await call(server, publisher, 'POST', publishUrl, { payload: { version, at } });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ scheduledVersion: version, publishAt: at });
    expect(scheduled.json().publishedVersion).not.toBe(version);

    const { db } = server.database;
    const servedUrl = `${url(CMS_ENDPOINTS.page)}?type=headless&slug=terms&language=en&promotion_service_id=285`;
    expect(await transaction(db, (tx) => publishDueCmsPages(tx, new Date((at - 1) * 1000)))).toEqual([]);
    expect(await transaction(db, (tx) => publishDueCmsPages(tx, new Date(at * 1000)))).toEqual(['headless/terms']);
    expect(await transaction(db, (tx) => publishDueCmsPages(tx, new Date(at * 1000 + 5000)))).toEqual([]);
    const served = cmsPageSchema.parse((await server.app.inject({ url: servedUrl })).json());
    expect([served.version, served.blocks.at(-1)?.id]).toEqual([version, 'scheduled-cta']);
    const after = (await call(server, editor, 'GET', url(CONSOLE_CMS_ENDPOINTS.cmsPage, key))).json();
    expect(after).toMatchObject({ publishedVersion: version, scheduledVersion: null, publishAt: null });
    const log = await call(server, editor, 'GET', url(CONSOLE_ENDPOINTS.audit, {}, '?entityId=headless/terms&size=3'));
    expect(
      log
        .json()
        .items.slice(0, 2)
        .map((entry: { action: string; actor: string }) => [entry.action, entry.actor]),
    ).toEqual([
      ['publish', 'schedule:demo.publisher'],
      ['schedule', 'demo.publisher'],
    ]);
  });

  test('a preview link shows a version in the frame for an hour, as asked; another token is a 404', async () => {
    const support = await staffOf('support');
    const key = { type: 'landing', slug: 'summer-cup' } as const;
    const made = await call(
      server,
      support,
      'POST',
      url(CONSOLE_CMS_ENDPOINTS.cmsPagePreview, { ...key, version: 1 }),
      {
        payload: { language: 'ru' },
      },
    );
    expect(made.statusCode, made.body).toBe(200);
    const { framePath, hostPath } = made.json() as { framePath: string; hostPath: string };
    expect(framePath).toMatch(/^\/promo-frame\/ru\/landing\/summer-cup\?preview=[\w-]{20,}$/);
    expect(hostPath).toBe(`/demo-host/?${new URLSearchParams({ path: framePath })}`);
    const token = new URL(framePath, 'http://frame').searchParams.get('preview') ?? '';
    const previewUrl = (asked: string, query: string) =>
      `${url(CMS_PREVIEW_ENDPOINTS.pagePreview, { token: asked })}?${query}`;
    const shown = await server.app.inject({ url: previewUrl(token, 'language=ru&currency=EUR') });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['cache-control']).toContain('no-store');
    expect(cmsPageSchema.parse(shown.json())).toMatchObject({
      slug: 'summer-cup',
      language: 'ru',
      version: 1,
      title: 'Летний кубок',
    });
    expect((await server.app.inject({ url: previewUrl(token, 'language=de') })).json().language).toBe('en');
    expect((await server.app.inject({ url: previewUrl('x'.repeat(32), 'language=en') })).statusCode).toBe(404);
    const missing = await call(
      server,
      support,
      'POST',
      url(CONSOLE_CMS_ENDPOINTS.cmsPagePreview, { ...key, version: 99 }),
      {
        payload: {},
      },
    );
    expect(missing.statusCode).toBe(404);
    const log = await call(server, support, 'GET', url(CONSOLE_ENDPOINTS.audit, {}, '?entityId=landing/summer-cup'));
    expect(log.json().items.map((entry: { action: string }) => entry.action)).toEqual(['preview']);
  });

  test.each([
    ['a known block with props its schema refuses', { id: 'bad', type: 'hero', props: { text: 'no title' } }],
    ['a text naming an amount the block lacks', { ...NEW_STEPS, id: 'no-amount' }],
    [
      'an image outside /genfiles/cms',
      { id: 'img', type: 'image', props: { src: 'https://x.test/a.png', alt: '', width: 1, height: 1 } },
    ],
  ])('%s is refused with 400 and nothing is written', async (_name, block) => {
    const editor = await staffOf('editor');
    const page = (
      await call(server, editor, 'GET', url(CONSOLE_CMS_ENDPOINTS.cmsPage, { type: 'headless', slug: 'terms' }))
    ).json();
    const rows = async () =>
      (
        await server.database.db
          .select({ n: count() })
          .from(cmsPages)
          .where(and(eq(cmsPages.type, 'headless'), eq(cmsPages.slug, 'terms')))
      )[0]?.n;
    const [before, auditBefore] = [await rows(), await auditCount(server)];
    const answer = await call(
      server,
      editor,
      'PUT',
      url(CONSOLE_CMS_ENDPOINTS.cmsPageSave, { type: 'headless', slug: 'terms' }),
      {
        payload: withBlock(page, 'en', block),
        headers: { 'if-match': String(page.latestVersion) },
      },
    );
    expect([answer.statusCode, answer.json().error], answer.body).toEqual([400, 'invalid_body']);
    expect(JSON.stringify(answer.json())).toContain('languages');
    expect([await rows(), await auditCount(server)]).toEqual([before, auditBefore]);
  });
});
