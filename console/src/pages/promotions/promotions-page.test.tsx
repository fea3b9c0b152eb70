import {
  CONSOLE_ENDPOINTS,
  PROMOTION_STATES,
  type PromotionRow,
  type PromotionState,
  type StaffRole,
} from '@promo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { DRAFT, row, staff, T0 } from '../../test/fixtures.ts';
import { answer, handle, mockServer, refusal, requestsTo, startMockApi } from '../../test/mock-api.ts';
import { pathOf, renderConsole, signedInAs } from '../../test/render.tsx';

startMockApi();

const list = (items: PromotionRow[], total = items.length) =>
  answer(CONSOLE_ENDPOINTS.promotions, (seen) => ({
    items,
    total,
    page: Number(seen.url.searchParams.get('page') ?? 1),
    size: Number(seen.url.searchParams.get('size') ?? 25),
  }));

const lastQuery = () => Object.fromEntries(requestsTo(CONSOLE_ENDPOINTS.promotions).at(-1)?.url.searchParams ?? []);

/** What each state's badge says: its own words (colour is never the only sign). */
const STATE_WORDS: Record<PromotionState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  upcoming: 'Upcoming',
  running: 'Running',
  ended: 'Ended',
  unpublished: 'Unpublished',
};

test.each(PROMOTION_STATES)('a %s promotion shows its state badge in words and its own colour', async (state) => {
  signedInAs(staff('editor'));
  mockServer.use(list([row({ state, slug: `promo-${state}`, title: `Promo ${state}` })]));
  await renderConsole('/promotions');
  const cells = within((await screen.findByRole('link', { name: `Promo ${state}` })).closest('tr') as HTMLElement);
  const badge = cells.getByText(STATE_WORDS[state]);
  expect(badge).toHaveClass('badge', `state-${state}`);
});

test('a row shows its slug, mechanic, product, schedule (UTC on hover), languages, versions and last editor', async () => {
  signedInAs(staff('editor'));
  mockServer.use(
    list([
      row(),
      row({
        slug: 'forever',
        title: 'Forever',
        endsAt: null,
        publishedVersion: null,
        missing: [],
        languages: ['en', 'ru', 'ar'],
      }),
    ]),
  );
  await renderConsole('/promotions');
  const first = within((await screen.findByRole('link', { name: 'Black Friday Bonus' })).closest('tr') as HTMLElement);
  expect(first.getByRole('link', { name: 'Black Friday Bonus' })).toHaveAttribute(
    'href',
    '/console/promotions/black-freeday',
  );
  expect(first.getByText('black-freeday')).toBeInTheDocument();
  expect(first.getByText('Deposit match')).toBeInTheDocument();
  expect(first.getByText('Casino')).toBeInTheDocument();
  const starts = first.getAllByRole('time')[0];
  expect(starts).toHaveAttribute('title', '2026-03-02 09:00 UTC');
  expect(starts).toHaveAttribute('datetime', new Date(T0 * 1000).toISOString());
  expect(first.getByTitle('English')).toHaveTextContent('EN');
  expect(first.getByTitle('Russian')).toHaveTextContent('RU');
  expect(first.queryByTitle('Arabic')).toBeNull();
  expect(first.getByText('Arabic missing')).toBeInTheDocument();
  expect(first.getByText('latest v3')).toBeInTheDocument();
  expect(first.getByText('published v2')).toBeInTheDocument();
  expect(first.getByText('demo-editor')).toBeInTheDocument();

  const second = within(screen.getByRole('link', { name: 'Forever' }).closest('tr') as HTMLElement);
  expect(second.getByText(/long-term/)).toBeInTheDocument();
  expect(second.getByText('not published')).toBeInTheDocument();
  expect(second.queryByText(/missing/)).not.toBeInTheDocument();
  expect(screen.getByText('2 promotions')).toBeInTheDocument();
});

test('the filters are the URL and the query the server gets, and a change goes back to page 1', async () => {
  signedInAs(staff('support'));
  mockServer.use(list([row()], 120));
  const { user, router } = await renderConsole('/promotions?page=3&size=50');
  await screen.findByRole('link', { name: 'Black Friday Bonus' });
  expect(lastQuery()).toMatchObject({ page: '3', size: '50' });
  expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('State'), 'Running');
  await user.selectOptions(screen.getByLabelText('Mechanic'), 'Daily draw');
  await user.selectOptions(screen.getByLabelText('Product'), 'Casino');
  await user.selectOptions(screen.getByLabelText('Missing language'), 'Arabic');
  await waitFor(() =>
    expect(lastQuery()).toEqual({
      state: 'running',
      mechanic: 'daily-draw',
      product: 'casino',
      missing: 'ar',
      page: '1',
      size: '50',
    }),
  );
  expect(pathOf(router)).toBe('/promotions?size=50&state=running&mechanic=daily-draw&product=casino&missing=ar');
});

test('the search waits for the typing to stop and sends one query', async () => {
  signedInAs(staff('editor'));
  mockServer.use(list([row()]));
  const { user, router } = await renderConsole('/promotions');
  await screen.findByRole('link', { name: 'Black Friday Bonus' });
  await user.type(screen.getByLabelText('Search'), 'black fr');
  await waitFor(() => expect(lastQuery().q).toBe('black fr'));
  const searches = requestsTo(CONSOLE_ENDPOINTS.promotions).map((seen) => seen.url.searchParams.get('q'));
  expect(searches.filter((q) => q !== null)).toEqual(['black fr']);
  expect(pathOf(router)).toBe('/promotions?q=black+fr');
});

test('a column header sorts on the server, says its order (aria-sort) and flips it on a second click', async () => {
  signedInAs(staff('editor'));
  mockServer.use(list([row()]));
  const { user } = await renderConsole('/promotions');
  await screen.findByRole('link', { name: 'Black Friday Bonus' });
  const header = () => screen.getByRole('columnheader', { name: /Updated/ });
  expect(header()).toHaveAttribute('aria-sort', 'none');
  // Columns the server cannot sort by are not buttons.
  expect(within(screen.getByRole('columnheader', { name: 'Mechanic' })).queryByRole('button')).toBeNull();

  await user.click(within(header()).getByRole('button'));
  await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'updated', order: 'asc' }));
  expect(header()).toHaveAttribute('aria-sort', 'ascending');

  await user.click(within(header()).getByRole('button'));
  await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'updated', order: 'desc' }));
  expect(header()).toHaveAttribute('aria-sort', 'descending');
  expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'none');
});

test('pages: next and previous, and the page size', async () => {
  signedInAs(staff('editor'));
  mockServer.use(list([row()], 60));
  const { user } = await renderConsole('/promotions');
  expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', size: '25' }));
  await user.selectOptions(screen.getByLabelText('Per page'), '100');
  await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', size: '100' }));
  expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
});

test('an empty list says so and offers to clear the filters', async () => {
  signedInAs(staff('editor'));
  mockServer.use(list([]));
  const { user, router } = await renderConsole('/promotions?state=ended');
  expect(await screen.findByText('No promotion matches.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(pathOf(router)).toBe('/promotions'));
});

test('a failed load shows the reason and Retry loads again', async () => {
  signedInAs(staff('editor'));
  let fail = true;
  mockServer.use(
    handle(CONSOLE_ENDPOINTS.promotions, () =>
      fail
        ? refusal(503, 'unavailable', 'The database is busy')
        : { status: 200, body: { items: [row()], total: 1, page: 1, size: 25 } },
    ),
  );
  const { user } = await renderConsole('/promotions');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The database is busy');
  fail = false;
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('link', { name: 'Black Friday Bonus' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

/** Who may start promotions: writers do; support reads only. */
const WRITERS: Record<StaffRole, boolean> = { editor: true, publisher: true, support: false, admin: true };

test.each(Object.entries(WRITERS))('a %s sees New promotion and Duplicate: %s', async (role, may) => {
  signedInAs(staff(role as StaffRole));
  mockServer.use(list([row()]));
  const { user } = await renderConsole('/promotions');
  await screen.findByRole('link', { name: 'Black Friday Bonus' });
  expect(screen.queryByRole('button', { name: 'New promotion' }) !== null).toBe(may);
  await user.click(screen.getByText('⋯'));
  expect(screen.getByRole('link', { name: 'Open' })).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Duplicate' }) !== null).toBe(may);
});

test('New promotion: a mechanic picked in the dialog opens a draft of it', async () => {
  signedInAs(staff('editor'));
  mockServer.use(list([row()]), answer(CONSOLE_ENDPOINTS.draftStart, { ...DRAFT, mechanic: 'prize-wheel', terms: {} }));
  const { user, router } = await renderConsole('/promotions');
  await user.click(await screen.findByRole('button', { name: 'New promotion' }));
  const dialog = screen.getByRole('dialog', { name: 'New promotion' });
  await user.selectOptions(within(dialog).getByLabelText('Mechanic'), 'Prize wheel');
  await user.click(within(dialog).getByRole('button', { name: 'Start the draft' }));
  await waitFor(() => expect(pathOf(router)).toBe('/promotions/new?mechanic=prize-wheel'));
  expect(await screen.findByText('A new draft from the Prize wheel mechanic.')).toBeInTheDocument();
  expect(Object.fromEntries(requestsTo(CONSOLE_ENDPOINTS.draftStart)[0]?.url.searchParams ?? [])).toEqual({
    mechanic: 'prize-wheel',
  });
});

test('Duplicate opens a new draft copied from the row', async () => {
  signedInAs(staff('editor'));
  mockServer.use(
    list([row()]),
    answer(CONSOLE_ENDPOINTS.draftStart, { ...DRAFT, slug: 'black-freeday-2', ids: [177] }),
  );
  const { user, router } = await renderConsole('/promotions');
  await user.click(await screen.findByText('⋯'));
  await user.click(screen.getByRole('button', { name: 'Duplicate' }));
  await waitFor(() => expect(pathOf(router)).toBe('/promotions/new?from=black-freeday'));
  expect(await screen.findByText('A new draft copied from black-freeday.')).toBeInTheDocument();
  expect(screen.getByLabelText('Slug')).toHaveValue('black-freeday-2');
  expect(requestsTo(CONSOLE_ENDPOINTS.draftStart)[0]?.url.searchParams.get('from')).toBe('black-freeday');
});

test('the row menu: Escape closes it and gives the focus back; a click elsewhere closes it', async () => {
  signedInAs(staff('editor'));
  mockServer.use(list([row()]));
  const { user } = await renderConsole('/promotions');
  const summary = (await screen.findByLabelText('Actions for Black Friday Bonus')) as HTMLElement;
  // A browser opens it on Enter too (a <summary>); jsdom only on a click.
  await user.click(summary);
  const menu = summary.closest('details') as HTMLDetailsElement;
  await waitFor(() => expect(menu.open).toBe(true));
  await user.tab();
  expect(screen.getByRole('link', { name: 'Open' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(menu.open).toBe(false);
  expect(summary).toHaveFocus();
  await user.click(summary);
  await waitFor(() => expect(menu.open).toBe(true));
  await user.click(screen.getByRole('heading', { level: 1, name: 'Promotions' }));
  await waitFor(() => expect(menu.open).toBe(false));
});
