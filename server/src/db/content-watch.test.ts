import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { useTestServer } from '../testing.ts';
import { type ContentChange, readContentChange, writeAndHear } from './content-watch.ts';
import { type Notifications, openNotifications } from './notifications.ts';

/**
 * What the content triggers tell every process (migration 0030): a write of promotions, or of
 * their titles, names them by id and slug; anything else is everything. On the run's database.
 */
describe('a content change names the promotions it wrote', () => {
  const server = useTestServer(undefined);
  let notifications: Notifications;
  const heard: string[] = [];
  const END = 'end of the statement';
  beforeAll(async () => {
    notifications = await openNotifications(server.database.db, () => {});
    notifications.listen('content_changed', (payload) => heard.push(payload));
  });
  afterAll(() => notifications.close());

  const version = async () =>
    Number(
      (await server.database.db.execute<{ version: string }>(sql`select version from content_version`)).rows[0]
        ?.version,
    );
  /** The changes one statement (committed on its own) was heard to make, in order. */
  const changesOf = async (statement: SQL): Promise<ContentChange[]> => {
    heard.length = 0;
    await server.database.db.execute(statement);
    // Delivered in commit order: once this is heard, so is everything the statement sent.
    await notifications.notify('content_changed', END);
    await vi.waitFor(() => expect(heard).toContain(END), { timeout: 5000 });
    return heard.slice(0, heard.indexOf(END)).map(readContentChange);
  };
  const named = (promotions: number[], slugs: string[]): ContentChange => ({ promotions, slugs });
  /** Rows of promotions the seed has none of (ids from 9000), `count` of them, slugs `bulk-<id>`. */
  const bulkRows = (count: number) => sql`
    insert into promotions (id, slug, template, starts_at, currency_code, prizes)
    select g, 'bulk-' || g, 'info', now(), 'USD', '[]' from generate_series(9000, ${8999 + count}) g`;

  test.each<[string, SQL, ContentChange[]]>([
    [
      'one promotion written',
      sql`update promotions set content = content where id = 137`,
      [named([137], ['spin-wheel'])],
    ],
    [
      'several in one statement: all of them, once',
      sql`update promotions set content = content where id in (902, 137, 124)`,
      [named([124, 137, 902], ['champions-cup', 'jackpot-of-week', 'spin-wheel'])],
    ],
    [
      'a statement that wrote no row: none',
      sql`update promotions set content = content where id = -1`,
      [named([], [])],
    ],
    [
      "a publication's titles: the promotion of each",
      sql`insert into dictionary_entries (lang_code, key, value, unit)
        values ('en', 'promo_title_spin_wheel', 'Spin the wheel', 'promotions'), ('ar', 'promo_title_spin_wheel', 'أدر العجلة', 'promotions')
        on conflict (lang_code, key) do update set value = excluded.value`,
      // An upsert is an UPDATE and an INSERT: each its own statement's change (none inserted here).
      // The wheel's page has two ids (137, 138): both are named.
      [named([137, 138], ['spin-wheel']), named([], [])],
    ],
    [
      'another text of the dictionaries: everything',
      sql`update dictionary_entries set value = value where key = 'promo_ended_title'`,
      ['everything'],
    ],
    [
      'a title and another text in one statement: everything',
      sql`update dictionary_entries set value = value where key in ('promo_title_spin_wheel', 'promo_ended_title')`,
      ['everything'],
    ],
    ['the site settings: everything', sql`update site_settings set updated_at = updated_at`, ['everything']],
    ['the languages: everything', sql`update languages set title = title`, ['everything']],
    ['CMS pages: everything', sql`update cms_pages set slug = slug`, ['everything']],
    ['banners: everything', sql`update promo_banners set sort_order = sort_order`, ['everything']],
  ])('%s', async (_name, statement, changes) => {
    expect(await changesOf(statement)).toEqual(changes);
  });

  test('a slug changed names the promotion by both slugs, and each statement bumps the content version once', async () => {
    const before = await version();
    expect(await changesOf(sql`update promotions set slug = 'spin-the-wheel' where id = 137`)).toEqual([
      named([137], ['spin-the-wheel', 'spin-wheel']),
    ]);
    expect(await changesOf(sql`update promotions set slug = 'spin-wheel' where id = 137`)).toEqual([
      named([137], ['spin-the-wheel', 'spin-wheel']),
    ]);
    expect(await version()).toBe(before + 2);
  });

  test('inserted, upserted and deleted rows are named; up to 100 of them, more is everything', async () => {
    expect(await changesOf(bulkRows(100))).toEqual([
      named(
        Array.from({ length: 100 }, (_, i) => 9000 + i),
        Array.from({ length: 100 }, (_, i) => `bulk-${9000 + i}`).sort(),
      ),
    ]);
    expect(
      await changesOf(sql`insert into promotions (id, slug, template, starts_at, currency_code, prizes)
        values (9000, 'bulk-9000', 'info', now(), 'USD', '[]'), (9100, 'bulk-9100', 'info', now(), 'USD', '[]')
        on conflict (id) do update set content = excluded.content`),
    ).toEqual([named([9000], ['bulk-9000']), named([9100], ['bulk-9100'])]);
    expect(await changesOf(sql`delete from promotions where id in (9000, 9001)`)).toEqual([
      named([9000, 9001], ['bulk-9000', 'bulk-9001']),
    ]);
    const left = [...Array.from({ length: 98 }, (_, i) => 9002 + i), 9100];
    expect(await changesOf(sql`delete from promotions where id >= 9000`)).toEqual([
      named(
        left,
        left.map((id) => `bulk-${id}`),
      ),
    ]);
    expect(await changesOf(bulkRows(101))).toEqual(['everything']);
    expect(await changesOf(sql`delete from promotions where id >= 9000`)).toEqual(['everything']);
  });
});

describe('a writer hears its own change before it answers', () => {
  /** Notifications whose content_changed the test delivers by hand. */
  function handDelivered(live: boolean) {
    const listeners = new Set<(payload: string) => void>();
    const notifications = {
      live,
      listen: (_channel: string, listener: (payload: string) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      onLiveChange: () => () => {},
    } as unknown as Notifications;
    const deliver = () => {
      for (const listener of listeners) listener('{"v":2}');
    };
    return { notifications, deliver, listeners };
  }

  test('the answer waits for the notification after the write, then stops listening', async () => {
    const { notifications, deliver, listeners } = handDelivered(true);
    let answered = false;
    const written = writeAndHear(notifications, async () => 'done').then((value) => {
      answered = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    deliver();
    expect(await written).toBe('done');
    expect(listeners.size).toBe(0);
  });

  test('without live notifications nothing is cached, so nothing is waited for', async () => {
    const { notifications } = handDelivered(false);
    expect(await writeAndHear(notifications, async () => 7)).toBe(7);
  });
});
