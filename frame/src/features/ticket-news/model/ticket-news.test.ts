import type { Ticket } from '@promo/contract';
import { beforeEach, expect, test } from 'vitest';
import { freshResults, localAnnouncedStore, TICKET_NEWS_WINDOW_MS } from './ticket-news.ts';

const NOW = Date.UTC(2026, 10, 25, 12);
const ticket = (id: number, status: Ticket['status'], drawnAgoMs: number): Ticket => ({
  id,
  code: 'powerball',
  drawId: 1,
  drawAt: Math.floor((NOW - drawnAgoMs) / 1000),
  lines: [{ main: [1, 2, 3, 4, 5], bonus: [6] }],
  kind: 'default',
  circulation: 'lastCirculation',
  status,
  price: { amount: '2.00', currencyCode: 'USD' },
  won: status === 'win' ? { amount: '100.00', currencyCode: 'USD' } : null,
  result: status === 'pending' ? null : { main: [1, 2, 7, 8, 9], bonus: [6] },
  createdAt: 0,
});

beforeEach(() => localStorage.clear());

test('news are the drawn tickets not announced yet, drawn within the window, at most five', () => {
  const tickets = [
    ticket(1, 'pending', -3_600_000),
    ticket(2, 'win', 3_600_000),
    ticket(3, 'loss', 3_600_000),
    ticket(4, 'loss', TICKET_NEWS_WINDOW_MS + 1),
    ...[5, 6, 7, 8, 9].map((id) => ticket(id, 'loss', 60_000)),
  ];
  expect(freshResults(tickets, new Set(), NOW).map((t) => t.id)).toEqual([2, 3, 5, 6, 7]);
  expect(freshResults(tickets, new Set([2, 3, 5]), NOW).map((t) => t.id)).toEqual([6, 7, 8, 9]);
});

test('the announced ids are kept per player, and a broken entry reads as none', () => {
  localAnnouncedStore.write(7, [1, 2]);
  expect([...localAnnouncedStore.read(7)]).toEqual([1, 2]);
  expect(localAnnouncedStore.read(8).size).toBe(0);
  localStorage.setItem('promo-frame:lotto-announced:9', '{not json');
  expect(localAnnouncedStore.read(9).size).toBe(0);
});
