import { type AuditEntry, CONSOLE_ENDPOINTS } from '@promo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { dateInputToIso } from '../../lib/time.ts';
import { languageMissing, staff, T0 } from '../../test/fixtures.ts';
import { answer, handle, mockServer, refusal, requestsTo, startMockApi } from '../../test/mock-api.ts';
import { pathOf, renderConsole, signedInAs } from '../../test/render.tsx';

startMockApi();

const entry = (id: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: T0 + id,
  actor: 'demo-editor',
  address: '127.0.0.1',
  entity: 'promotion',
  entityId: 'black-freeday',
  action: 'save',
  diff: { 'texts.en.title': ['Old title', 'New title'] },
  version: id,
  ...extra,
});

const queries = () => requestsTo(CONSOLE_ENDPOINTS.audit).map((seen) => Object.fromEntries(seen.url.searchParams));

test('each entry: time (UTC on hover), who, address, entity linked to the version it made, action, diff, version', async () => {
  signedInAs(staff('support'));
  mockServer.use(
    answer(CONSOLE_ENDPOINTS.audit, {
      items: [
        entry(12),
        entry(11, { entity: 'staff', entityId: 'demo-support', action: 'disable', diff: {}, version: null }),
      ],
      next: null,
    }),
  );
  await renderConsole('/audit');
  const table = await screen.findByRole('table');
  const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
  const cells = within(first);
  expect(cells.getByRole('time')).toHaveAttribute('title', '2026-03-02 09:00 UTC');
  expect(cells.getByText('demo-editor')).toBeInTheDocument();
  expect(cells.getByText('127.0.0.1')).toBeInTheDocument();
  expect(cells.getByRole('link', { name: 'black-freeday' })).toHaveAttribute(
    'href',
    '/console/promotions/black-freeday/versions/12',
  );
  expect(cells.getByText('save')).toBeInTheDocument();
  expect(cells.getByRole('listitem')).toHaveTextContent('texts.en.title: Old title → New title');
  expect(cells.getAllByRole('cell').at(-1)).toHaveTextContent('12');
  expect(within(second).getByText('Staff member')).toBeInTheDocument();
  expect(within(second).queryByRole('link')).toBeNull();
  expect(screen.getByText('2 entries, the whole log for these filters.')).toBeInTheDocument();
});

test('Load more asks for the entries before the last one shown', async () => {
  signedInAs(staff('editor'));
  mockServer.use(
    answer(CONSOLE_ENDPOINTS.audit, (seen) =>
      seen.url.searchParams.get('before') === '11'
        ? { items: [entry(10), entry(9)], next: null }
        : { items: [entry(12), entry(11)], next: 11 },
    ),
  );
  const { user } = await renderConsole('/audit');
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(5));
  expect(queries().map((query) => query.before)).toEqual([undefined, '11']);
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

test('the filters go to the URL and to the server: staff, entity, and days in the browser zone', async () => {
  signedInAs(staff('admin'));
  mockServer.use(answer(CONSOLE_ENDPOINTS.audit, { items: [entry(1)], next: null }));
  const { user, router } = await renderConsole('/audit');
  await screen.findByRole('table');
  await user.type(screen.getByLabelText('Staff login'), 'demo-publisher');
  await user.selectOptions(screen.getByLabelText('Entity'), 'Promotion');
  await user.type(screen.getByLabelText('From (day)'), '2026-03-01');
  await user.type(screen.getByLabelText('To (day, included)'), '2026-03-02');
  await user.click(screen.getByRole('button', { name: 'Show' }));
  await waitFor(() =>
    expect(pathOf(router)).toBe('/audit?staff=demo-publisher&entity=promotion&from=2026-03-01&to=2026-03-02'),
  );
  await waitFor(() =>
    expect(queries().at(-1)).toEqual({
      staff: 'demo-publisher',
      entity: 'promotion',
      from: dateInputToIso('2026-03-01'),
      to: dateInputToIso('2026-03-02', true),
      size: '50',
    }),
  );
});

test('an empty log says so; a failed one offers Retry', async () => {
  signedInAs(staff('editor'));
  let fail = true;
  mockServer.use(
    handle(CONSOLE_ENDPOINTS.audit, () =>
      fail
        ? refusal(400, 'invalid_query', 'The date range is wrong')
        : { status: 200, body: { items: [], next: null } },
    ),
  );
  const { user } = await renderConsole('/audit?from=2026-03-05');
  expect(await screen.findByRole('alert')).toHaveTextContent('The date range is wrong');
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('No entry matches.')).toBeInTheDocument();
});

test('a scheduled publication that failed its checks shows its problems by their sentences, in full', async () => {
  signedInAs(staff('publisher'));
  const problems = [languageMissing('ru', 'ru: текстов ещё нет'), languageMissing('ar', 'ar: текстов ещё нет')];
  mockServer.use(
    answer(CONSOLE_ENDPOINTS.audit, {
      items: [
        entry(7, { actor: 'schedule:demo-publisher', action: 'schedule-failed', diff: { problems: [null, problems] } }),
      ],
      next: null,
    }),
  );
  await renderConsole('/audit');
  const table = await screen.findByRole('table');
  expect(within(table).getByRole('listitem')).toHaveTextContent(
    'problems: null → ru: текстов ещё нет; ar: текстов ещё нет',
  );
});

test('a CMS page’s entry links to its editor', async () => {
  signedInAs(staff('support'));
  mockServer.use(
    answer(CONSOLE_ENDPOINTS.audit, {
      items: [entry(13, { entity: 'cms-page', entityId: 'bonus/welcome', action: 'publish', diff: {} })],
      next: null,
    }),
  );
  await renderConsole('/audit');
  const link = await screen.findByRole('link', { name: 'bonus/welcome' });
  expect(link).toHaveAttribute('href', '/console/cms/bonus/welcome');
  expect(link.closest('td')).toHaveTextContent('CMS page bonus/welcome');
});
