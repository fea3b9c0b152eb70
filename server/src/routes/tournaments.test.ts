import { sql } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { newPlayer, useTestServer, XHR_HEADERS } from '../testing.ts';

const KEY = 'idempotency-key';
// daily-tournament (long-term, running) and baseball (ended in 2025).
const RUNNING = 104;
// mlb-2024: an ended tournament (its content keeps the 2024 dates).
const ENDED = 151;

describe('tournaments', () => {
  const server = useTestServer(undefined);
  const get = (url: string) => server.app.inject({ url });

  test('results are paged by 10, ranked by points, masked, and bounded', async () => {
    const info = (await get(`/web-api/tournament/${RUNNING}`)).json();
    expect(info).toMatchObject({ id: RUNNING, status: 'active' });
    expect(info.participants).toBeGreaterThan(10);
    const first = (await get(`/web-api/tournamentresults/${RUNNING}`)).json();
    expect(first).toMatchObject({ offset: 0, limit: 10, total: info.participants });
    expect(first.items).toHaveLength(10);
    const second = (await get(`/web-api/tournamentresults/${RUNNING}?offset=10&limit=10`)).json();
    expect(second.items[0].place).toBe(11);
    const points = [...first.items, ...second.items].map((row: { points: string }) => Number(row.points));
    expect(points).toEqual([...points].sort((a, b) => b - a));
    expect(first.items.every((row: { name: string }) => row.name.includes('***'))).toBe(true);
    expect((await get(`/web-api/tournamentresults/${RUNNING}?limit=500`)).statusCode).toBe(400);
    expect((await get(`/web-api/tournamentresults/${RUNNING}?offset=-1`)).statusCode).toBe(400);
    expect((await get('/web-api/tournamentresults/137')).statusCode).toBe(404);
    expect((await get(`/web-api/tournament/${ENDED}`)).json().status).toBe('ended');
  });

  test('the rating by tickets covers a day, a week or all, best first', async () => {
    const day = (await get(`/web-api/api/web/promotions/${RUNNING}/rating/by-tickets?period=day`)).json();
    const all = (await get(`/web-api/api/web/promotions/${RUNNING}/rating/by-tickets?period=all`)).json();
    expect(day).toMatchObject({ period: 'day', ratingType: 'tickets' });
    const tickets = (rows: Array<{ tickets: number }>) => rows.reduce((sum, row) => sum + row.tickets, 0);
    expect(tickets(all.items)).toBeGreaterThan(tickets(day.items));
    const ordered = all.items.map((row: { tickets: number }) => row.tickets);
    expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
    expect((await get(`/web-api/api/web/promotions/${RUNNING}/rating/by-tickets?period=year`)).statusCode).toBe(400);
  });

  test('taking part needs sign-in and a valid player, applies once, and is refused after the end', async () => {
    const url = `/web-api/participatetournament/${RUNNING}`;
    expect((await server.app.inject({ method: 'POST', url, headers: XHR_HEADERS })).statusCode).toBe(401);
    const me = await newPlayer(server, { like: 0 });
    expect((await me.call('GET', '/web-api/external-api/tournaments/validateUserForTournaments')).json()).toEqual({
      valid: true,
      reason: null,
    });
    expect((await me.call('GET', `/web-api/tournamentusersresult/${RUNNING}`)).json()).toMatchObject({
      participating: false,
      place: null,
    });
    const total = (await get(`/web-api/tournament/${RUNNING}`)).json().participants;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => me.call('POST', url, { [KEY]: 'join-000000000001' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers[0]?.json()).toMatchObject({ participating: true, place: total + 1, points: '0.00' });
    expect((await get(`/web-api/tournament/${RUNNING}`)).json().participants).toBe(total + 1);
    // The player finds themselves on the last page.
    const last = (await me.call('GET', `/web-api/tournamentresults/${RUNNING}?offset=${total}`)).json();
    // Names are shown masked: the login's first two and last two characters.
    expect(last.items[0]).toMatchObject({
      place: total + 1,
      isMe: true,
      name: `${me.login.slice(0, 2)}***${me.login.slice(-2)}`,
    });
    const late = await me.call('POST', `/web-api/participatetournament/${ENDED}`, { [KEY]: 'join-000000000002' });
    expect(late.statusCode).toBe(409);
  });

  test('a page of standings reads a page from the database, not the whole board', async () => {
    // 600 more participants, half of them with points today.
    const { db } = server.database;
    await db.execute(sql`
      with made as (
        insert into users (login, password_hash, country_code, country_id)
        select 'crowd' || n, 'disabled', 'DE', 1 from generate_series(1, 600) n
        returning id
      )
      insert into tournament_participants (promotion_id, user_id, nickname)
      select ${RUNNING}, id, 'crowd' || id from made`);
    await db.execute(sql`
      insert into tournament_scores (promotion_id, user_id, day, points, tickets)
      select ${RUNNING}, user_id, to_char(now() at time zone 'utc', 'YYYY-MM-DD'), (user_id % 97) + 0.5, user_id % 13
      from tournament_participants where promotion_id = ${RUNNING} and nickname like 'crowd%' and user_id % 2 = 0`);
    const client = db.$client as unknown as { query: (...args: unknown[]) => Promise<{ rows: unknown[] }> };
    const query = client.query.bind(client);
    const rowsRead: number[] = [];
    const spy = vi.spyOn(client, 'query').mockImplementation(async (...args: unknown[]) => {
      const result = await query(...args);
      rowsRead.push(result.rows?.length ?? 0);
      return result;
    });
    try {
      const page = (await get(`/web-api/tournamentresults/${RUNNING}?offset=300&limit=20`)).json();
      expect(page.total).toBeGreaterThan(600);
      expect(page.items.map((row: { place: number }) => row.place)).toEqual(
        Array.from({ length: 20 }, (_, index) => 301 + index),
      );
      const rating = (await get(`/web-api/api/web/promotions/${RUNNING}/rating/by-tickets?period=day`)).json();
      expect(rating.items).toHaveLength(50);
      const ticketsSeen = rating.items.map((row: { tickets: number }) => row.tickets);
      expect(ticketsSeen).toEqual([...ticketsSeen].sort((a, b) => b - a));
      expect(rowsRead.length).toBeGreaterThan(0);
      expect(Math.max(...rowsRead)).toBeLessThanOrEqual(50);
    } finally {
      spy.mockRestore();
    }
  });
});
