import '../../test/puck-dom.ts';
import { type CmsPageDraft, CONSOLE_CMS_ENDPOINTS } from '@promo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { cmsRow, HERO, POLL, cmsPage as page } from '../../test/cms-fixtures.ts';
import { staff, T0 } from '../../test/fixtures.ts';
import { answer, handle, mockServer, refusal, requestsTo, startMockApi } from '../../test/mock-api.ts';
import { renderConsole, signedInAs } from '../../test/render.tsx';

startMockApi();

test('the list shows every page with its versions; a page opens in the editor', async () => {
  signedInAs(staff('support'));
  mockServer.use(
    answer(CONSOLE_CMS_ENDPOINTS.cmsPages, [
      cmsRow(),
      cmsRow({ type: 'landing', slug: 'summer-cup', title: 'Summer', publishedVersion: null }),
    ]),
  );
  const { unmount } = await renderConsole('/cms');
  expect(await screen.findByRole('heading', { level: 1, name: 'CMS pages' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'CMS pages' })).toHaveAttribute('aria-current', 'page');
  const rows = within(await screen.findByRole('region', { name: 'CMS pages' }))
    .getAllByRole('row')
    .slice(1);
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 5),
    ),
  ).toEqual([
    ['bonus', 'Welcome (welcome)', 'en, ru', '1', '1'],
    ['landing', 'Summer (summer-cup)', 'en, ru', '1', 'not published'],
  ]);
  // The editor is loaded as a whole document (its own content security policy): a plain link.
  expect(screen.getByRole('link', { name: 'Welcome (welcome)' })).toHaveAttribute('href', '/console/cms/bonus/welcome');
  unmount();
  mockServer.use(answer(CONSOLE_CMS_ENDPOINTS.cmsPage, page()));
  await renderConsole('/cms/bonus/welcome');
  expect(await screen.findByText('Latest version 1 · published: 1')).toBeInTheDocument();
  // Support reads; saving and publishing are not theirs.
  expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Publish/ })).not.toBeInTheDocument();
});

test('an editor changes the title, saves over If-Match, loses a race and keeps theirs over the newer version', async () => {
  signedInAs(staff('editor'));
  mockServer.use(answer(CONSOLE_CMS_ENDPOINTS.cmsPage, page()));
  const { user } = await renderConsole('/cms/bonus/welcome');
  expect(await screen.findByRole('tab', { name: 'English', selected: true })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Russian' })).toBeInTheDocument();
  const save = screen.getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();
  expect(screen.queryByRole('button', { name: /Publish/ })).not.toBeInTheDocument();

  // Puck lays its fields out twice (wide and narrow screens), neither focusable in jsdom: typed as a change.
  const [title] = await screen.findAllByTitle('Page title');
  if (!title) throw new Error('no page title field');
  fireEvent.change(title, { target: { value: 'Welcome back' } });
  await waitFor(() => expect(save).toBeEnabled());
  expect(screen.getByText(/unsaved changes/)).toBeInTheDocument();

  const theirs = page().latest;
  mockServer.use(
    handle(CONSOLE_CMS_ENDPOINTS.cmsPageSave, (seen) =>
      seen.headers.get('if-match') === '"1"'
        ? refusal(409, 'stale_version', 'Version 2 was saved since', {
            latest: { ...theirs, version: 2, author: 'demo.other', basedOn: 1 },
          })
        : { status: 200, body: page({ latestVersion: 3, lastEditor: 'demo-editor' }) },
    ),
  );
  await user.click(save);
  expect(await screen.findByRole('heading', { name: /saved/i, level: 2 })).toBeInTheDocument();
  expect(
    screen.getByText(/Version 2 by demo.other was saved after the version 1 you started from/),
  ).toBeInTheDocument();
  // What differs, field by field: their title and yours.
  expect(screen.getByRole('row', { name: 'languages.en.title Welcome Welcome back' })).toBeInTheDocument();
  // Nothing lost: the edit is still in the editor.
  expect(screen.getAllByDisplayValue('Welcome back').length).toBeGreaterThan(0);
  await user.click(screen.getByRole('button', { name: /Keep mine/ }));
  expect(await screen.findByText('Saved as version 3.')).toBeInTheDocument();

  const saves = requestsTo(CONSOLE_CMS_ENDPOINTS.cmsPageSave);
  expect(saves.map((seen) => seen.headers.get('if-match'))).toEqual(['"1"', '"2"']);
  const body = saves[1]?.body as CmsPageDraft;
  expect(body.languages.en).toEqual({ title: 'Welcome back', description: 'About', blocks: [HERO, POLL] });
  expect(body.languages.ru?.title).toBe('Добро пожаловать');
});

test('a publisher publishes the latest version and can take the page off', async () => {
  signedInAs(staff('publisher'));
  mockServer.use(
    answer(CONSOLE_CMS_ENDPOINTS.cmsPage, page({ latestVersion: 2, publishedVersion: 1 })),
    answer(CONSOLE_CMS_ENDPOINTS.cmsPagePublish, page({ latestVersion: 2, publishedVersion: 2 })),
    answer(CONSOLE_CMS_ENDPOINTS.cmsPageUnpublish, page({ latestVersion: 2, publishedVersion: null })),
  );
  const { user } = await renderConsole('/cms/bonus/welcome');
  await user.click(await screen.findByRole('button', { name: 'Publish version 2' }));
  expect(await screen.findByText('Version 2 is published: the frame serves it.')).toBeInTheDocument();
  expect(requestsTo(CONSOLE_CMS_ENDPOINTS.cmsPagePublish)[0]?.body).toEqual({ version: 2 });
  expect(screen.getByRole('button', { name: 'Publish version 2' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Unpublish' }));
  expect(await screen.findByText('Unpublished: the frame answers 404 for this page.')).toBeInTheDocument();
  expect(screen.getByText('Latest version 2 · published: not published')).toBeInTheDocument();
});

test('an editor restores an earlier version from the history: it becomes the newest, not published', async () => {
  signedInAs(staff('editor'));
  const versions = [
    { version: 2, author: 'demo.other', basedOn: 1, createdAt: T0 + 60 },
    { version: 1, author: null, basedOn: null, createdAt: T0 },
  ];
  mockServer.use(
    answer(CONSOLE_CMS_ENDPOINTS.cmsPage, page({ latestVersion: 2, versions })),
    answer(
      CONSOLE_CMS_ENDPOINTS.cmsPageRestore,
      page({
        latestVersion: 3,
        versions: [{ version: 3, author: 'demo-editor', basedOn: 2, createdAt: T0 + 120 }, ...versions],
      }),
    ),
  );
  const { user } = await renderConsole('/cms/bonus/welcome');
  await user.click(await screen.findByText('Versions'));
  expect(screen.queryByRole('button', { name: 'Restore version 2' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Restore version 1' }));
  expect(await screen.findByText('Version 1 restored as version 3 (not published yet).')).toBeInTheDocument();
  expect(requestsTo(CONSOLE_CMS_ENDPOINTS.cmsPageRestore)[0]?.params).toEqual({
    type: 'bonus',
    slug: 'welcome',
    version: '1',
  });
  expect(screen.getByText('Latest version 3 · published: 1')).toBeInTheDocument();
});

test('an editor limits the page to countries and adds a language from the one on screen; a bad code stops the save', async () => {
  signedInAs(staff('editor'));
  mockServer.use(
    answer(CONSOLE_CMS_ENDPOINTS.cmsPage, page()),
    answer(CONSOLE_CMS_ENDPOINTS.cmsPageSave, page({ latestVersion: 2 })),
  );
  const { user } = await renderConsole('/cms/bonus/welcome');
  const countries = await screen.findByLabelText('Only in countries');
  await user.type(countries, 'cy, A');
  expect(screen.getByText('Write two-letter country codes separated by commas.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  await user.type(countries, 'E');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Add a language' }), 'Arabic');
  await user.click(screen.getByRole('button', { name: 'Add' }));
  expect(screen.getByRole('tab', { name: 'Arabic', selected: true })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Saved as version 2.')).toBeInTheDocument();
  const body = requestsTo(CONSOLE_CMS_ENDPOINTS.cmsPageSave)[0]?.body as CmsPageDraft;
  expect(body.countries).toEqual(['CY', 'AE']);
  expect(Object.keys(body.languages)).toEqual(['en', 'ru', 'ar']);
  expect(body.languages.ar).toEqual(body.languages.en);
});

test('a publisher schedules the latest version for a time', async () => {
  signedInAs(staff('publisher'));
  mockServer.use(
    answer(CONSOLE_CMS_ENDPOINTS.cmsPage, page({ latestVersion: 2 })),
    answer(CONSOLE_CMS_ENDPOINTS.cmsPagePublish, page({ latestVersion: 2, scheduledVersion: 2, publishAt: T0 + 3600 })),
  );
  const { user } = await renderConsole('/cms/bonus/welcome');
  const schedule = await screen.findByRole('button', { name: 'Schedule version 2' });
  expect(schedule).toBeDisabled();
  fireEvent.change(screen.getByLabelText('Publish at'), { target: { value: '2030-01-02T10:30' } });
  await user.click(schedule);
  expect(await screen.findByText('Version 2 is scheduled: it is published at that time.')).toBeInTheDocument();
  expect(requestsTo(CONSOLE_CMS_ENDPOINTS.cmsPagePublish)[0]?.body).toEqual({
    version: 2,
    at: Math.floor(new Date('2030-01-02T10:30').getTime() / 1000),
  });
  expect(screen.getByText(/version 2 scheduled for/)).toBeInTheDocument();
});

test('support previews the saved version in the language on screen: links to the frame and the demo host', async () => {
  signedInAs(staff('support'));
  const framePath = '/promo-frame/ru/bonus/welcome?preview=abcdefghijklmnopqrstuvwx';
  mockServer.use(
    answer(CONSOLE_CMS_ENDPOINTS.cmsPage, page()),
    answer(CONSOLE_CMS_ENDPOINTS.cmsPagePreview, {
      framePath,
      hostPath: `/demo-host/?${new URLSearchParams({ path: framePath })}`,
      expiresAt: T0 + 3600,
    }),
  );
  const { user } = await renderConsole('/cms/bonus/welcome');
  await user.click(await screen.findByRole('tab', { name: 'Russian' }));
  await user.click(screen.getByRole('button', { name: 'Preview version 1' }));
  expect(await screen.findByRole('link', { name: 'in the frame' })).toHaveAttribute('href', framePath);
  expect(screen.getByRole('link', { name: 'in the demo host' })).toHaveAttribute(
    'href',
    `/demo-host/?${new URLSearchParams({ path: framePath })}`,
  );
  const [asked] = requestsTo(CONSOLE_CMS_ENDPOINTS.cmsPagePreview);
  expect([asked?.params, asked?.body]).toEqual([{ type: 'bonus', slug: 'welcome', version: '1' }, { language: 'ru' }]);
});

test('the history shows what a version changed from the one it started from', async () => {
  signedInAs(staff('support'));
  const versions = [
    { version: 2, author: 'demo.other', basedOn: 1, createdAt: T0 + 60 },
    { version: 1, author: null, basedOn: null, createdAt: T0 },
  ];
  const first = page().latest;
  const second = {
    ...first,
    version: 2,
    languages: { ...first.languages, en: { title: 'Welcome back', description: 'About', blocks: [HERO] } },
  };
  mockServer.use(
    answer(CONSOLE_CMS_ENDPOINTS.cmsPage, page({ latestVersion: 2, versions, latest: second })),
    answer(CONSOLE_CMS_ENDPOINTS.cmsPageVersion, (seen) => (seen.params.version === '2' ? second : first)),
  );
  const { user } = await renderConsole('/cms/bonus/welcome');
  await user.click(await screen.findByText('Versions'));
  expect(screen.getAllByRole('button', { name: /changed from/ })).toHaveLength(1);
  await user.click(screen.getByRole('button', { name: 'What version 2 changed from 1' }));
  const table = await screen.findByRole('table', { name: 'Version 2 against version 1, field by field' });
  expect(within(table).getByRole('row', { name: 'languages.en.title Welcome Welcome back' })).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: /languages\.en\.blocks\.1\.id feedback/ })).toBeInTheDocument();
});
