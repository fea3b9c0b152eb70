import { FEED_HEALTH_ENDPOINTS } from '@promo/contract';
import { screen, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { feedHealth } from '../../test/feed-fixtures.ts';
import { staff, T0 } from '../../test/fixtures.ts';
import { answer, handle, mockServer, refusal, requestsTo, startMockApi } from '../../test/mock-api.ts';
import { renderConsole, signedInAs } from '../../test/render.tsx';

startMockApi();

const tableOf = (name: string) => within(screen.getByRole('region', { name }));
const cells = (name: string) =>
  tableOf(name)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

test('support sees the totals, the refusals with their codes, each source’s last item and a clean ledger', async () => {
  signedInAs(staff('support'));
  mockServer.use(answer(FEED_HEALTH_ENDPOINTS.feedHealth, feedHealth()));
  await renderConsole('/feed');
  expect(await screen.findByRole('heading', { level: 1, name: 'Feed health' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Feed health' })).toHaveAttribute('aria-current', 'page');
  const [asked] = requestsTo(FEED_HEALTH_ENDPOINTS.feedHealth);
  expect(asked?.url.searchParams.get('minutes')).toBe('60');

  expect((await screen.findByText('Items in the last 60 min')).nextElementSibling).toHaveTextContent('9');
  expect(screen.getByText('Refused posts').nextElementSibling).toHaveTextContent('3');
  // The chart's text alternative is its summary; the figures are a table too.
  const chart = screen.getByRole('img', { name: /9 items in the last 60 minutes; the busiest minute, .*, had 7\./ });
  expect(chart.querySelectorAll('rect')).toHaveLength(60);
  const buckets = cells('Items per minute, figures');
  expect(buckets).toHaveLength(60);
  expect(buckets[10]?.[1]).toBe('7');
  expect(buckets[11]?.[1]).toBe('0');

  expect(cells('Refused posts by code').map((row) => row.slice(0, 3))).toEqual([
    ['unknown_player', '2', '4'],
    ['invalid_body', '1', '1'],
  ]);
  expect(cells('Latest refused posts').map((row) => row.slice(1))).toEqual([
    ['unknown_player', '422', 'key:feed-bot', '3'],
    ['unknown_player', '422', 'key:feed-bot', '1'],
    ['invalid_body', '400', 'key:feed-bot', '1'],
  ]);
  expect(cells('Sources and their last items').map((row) => [row[0], row[1], row[3], row[5]])).toEqual([
    ['key:feed-bot', 'Bet', 'bet-9001', '120'],
    ['key:feed-bot', 'Game round', 'round-77', '40'],
  ]);
  expect(
    screen.getByText('Ledger check: no mismatches. Every balance of 42 accounts is the sum of its entries.'),
  ).toBeInTheDocument();
  expect(screen.getByText('OK')).toHaveClass('badge', 'status-on');
  expect(screen.getByText(/^Updated at/)).toBeInTheDocument();
});

test('a ledger mismatch is red, listed with account, currency, balance and the sum of entries', async () => {
  signedInAs(staff('admin'));
  mockServer.use(
    answer(
      FEED_HEALTH_ENDPOINTS.feedHealth,
      feedHealth({
        ledger: {
          ok: false,
          accounts: 42,
          mismatches: [
            {
              accountId: 17,
              userId: 5,
              currencyCode: 'EUR',
              balance: '150.00000000',
              ledger: '100.00000000',
              entries: 3,
              brokenEntryId: null,
            },
          ],
        },
      }),
    ),
  );
  await renderConsole('/feed');
  expect(await screen.findByText('Ledger check: 1 mismatch among 42 accounts.')).toBeInTheDocument();
  expect(screen.getByText('Mismatch')).toHaveClass('badge', 'status-off');
  expect(cells('Ledger mismatches')).toEqual([['17', '5', 'EUR', '150.00000000', '100.00000000', '3', '—']]);
});

test('nothing yet: each part says so', async () => {
  signedInAs(staff('publisher'));
  mockServer.use(
    answer(
      FEED_HEALTH_ENDPOINTS.feedHealth,
      feedHealth({
        perMinute: Array.from({ length: 60 }, (_, index) => ({ at: T0 + index * 60, items: 0 })),
        totals: { items: 0, refusedBatches: 0, refusedItems: 0 },
        refusals: { byCode: [], latest: [] },
        sources: [],
      }),
    ),
  );
  await renderConsole('/feed');
  expect(await screen.findByRole('img', { name: 'No item arrived in the last 60 minutes.' })).toBeInTheDocument();
  expect(screen.getByText('No post was refused in the last 60 minutes.')).toBeInTheDocument();
  expect(screen.getByText('No source has posted since the server started keeping sources.')).toBeInTheDocument();
});

test('a failed load says why and retries; the manual refresh asks again', async () => {
  signedInAs(staff('support'));
  let calls = 0;
  mockServer.use(
    handle(FEED_HEALTH_ENDPOINTS.feedHealth, () => {
      calls += 1;
      return calls === 1
        ? refusal(503, 'unavailable', 'The database is not answering')
        : { status: 200, body: feedHealth() };
    }),
  );
  const { user } = await renderConsole('/feed');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The database is not answering');
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText(/Ledger check: no mismatches/)).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Refresh now' }));
  await vi.waitFor(() => expect(calls).toBe(3));
});

test('editors neither see the link nor the page', async () => {
  signedInAs(staff('editor'));
  await renderConsole('/feed');
  expect(await screen.findByRole('heading', { level: 1, name: 'Feed health' })).toBeInTheDocument();
  expect(screen.getByText(/cannot open this page: it is for support, publishers and admins/)).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Feed health' })).toBeNull();
  expect(requestsTo(FEED_HEALTH_ENDPOINTS.feedHealth)).toHaveLength(0);
});

test('in Russian: the chart’s summary agrees with its number, the ledger line is translated', async () => {
  signedInAs(staff('support'));
  mockServer.use(answer(FEED_HEALTH_ENDPOINTS.feedHealth, feedHealth()));
  await renderConsole('/feed', { language: 'ru' });
  expect(await screen.findByRole('img', { name: /^За последние 60 мин пришло 9 позиций;/ })).toBeInTheDocument();
  expect(screen.getByText(/^Сверка леджера: расхождений нет\./)).toBeInTheDocument();
});
