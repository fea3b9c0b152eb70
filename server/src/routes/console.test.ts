import {
  CONSOLE_ENDPOINTS,
  type ConsolePromotion,
  PROMOTION_ENDPOINTS,
  type PromoDraft,
  promoDraftSchema,
  routeName,
  STAFF_ROLES,
  serverRoute,
  tableEntries,
} from '@promo/contract';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, test } from 'vitest';
import { promotionHeads, promotions } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { publishDue } from '../domain/promotion-versions.ts';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../seed/demo-staff.ts';
import {
  auditCount,
  consoleCall as call,
  type Staff,
  staffSessions,
  staffSignIn,
  type TestServer,
  consoleUrl as url,
  useTestServer,
  XHR_HEADERS,
} from '../testing.ts';

const TEXTS = {
  title: 'Summer free bet',
  summary: 'Bet on the featured match and get a free bet back.',
  about: ['Bet on the featured match to get a free bet.'],
  rules: ['One free bet per player.'],
  faq: [{ q: 'When do I get it?', a: 'Right after the match is settled.' }],
};
const RU = {
  title: 'Летний фрибет',
  summary: 'Сделайте ставку на главный матч и получите фрибет.',
  about: ['Ставка на главный матч приносит фрибет.'],
  rules: ['Один фрибет на игрока.'],
  faq: [{ q: 'Когда я его получу?', a: 'Сразу после расчёта матча.' }],
};
const AR = {
  title: 'رهان مجاني صيفي',
  summary: 'راهن على المباراة المميزة واحصل على رهان مجاني.',
  about: ['الرهان على المباراة المميزة يمنحك رهانًا مجانيًا.'],
  rules: ['رهان مجاني واحد لكل لاعب.'],
  faq: [{ q: 'متى أحصل عليه؟', a: 'مباشرة بعد تسوية المباراة.' }],
};

/** A new draft from the free-bet mechanic, as the console starts one. */
async function freshDraft(server: TestServer, editor: Staff): Promise<PromoDraft> {
  const answer = await call(server, editor, 'GET', url(CONSOLE_ENDPOINTS.draftStart, {}, '?mechanic=match-free-bet'));
  expect(answer.statusCode, answer.body).toBe(200);
  return promoDraftSchema.parse(answer.json());
}

describe('the console API: staff sessions', () => {
  const server = useTestServer(undefined);

  test('the session cookie is httpOnly, SameSite=Strict, on the operator API only; sign-out ends it', async () => {
    const member = DEMO_STAFF.find((demo) => demo.role === 'support');
    const answer = await server.app.inject({
      method: 'POST',
      url: serverRoute(CONSOLE_ENDPOINTS.signIn),
      headers: XHR_HEADERS,
      payload: { login: member?.login, password: DEMO_STAFF_PASSWORD },
    });
    expect(answer.json()).toMatchObject({ login: 'demo.support', role: 'support' });
    const setCookie = String(answer.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/operator-api\/v1/);
    const who = { cookie: setCookie.split(';')[0] ?? '', role: 'support' as const };
    expect((await call(server, who, 'GET', url(CONSOLE_ENDPOINTS.me))).json()).toMatchObject({ role: 'support' });
    expect((await call(server, who, 'DELETE', url(CONSOLE_ENDPOINTS.signOut))).statusCode).toBe(200);
    const after = await call(server, who, 'GET', url(CONSOLE_ENDPOINTS.me));
    expect([after.statusCode, after.json().error]).toEqual([401, 'staff_session']);
  });

  test('a publisher needs the code; a wrong password reads in the request language', async () => {
    const member = DEMO_STAFF.find((demo) => demo.role === 'publisher');
    const noCode = await server.app.inject({
      method: 'POST',
      url: serverRoute(CONSOLE_ENDPOINTS.signIn),
      headers: XHR_HEADERS,
      payload: { login: member?.login, password: DEMO_STAFF_PASSWORD },
    });
    expect([noCode.statusCode, noCode.json().error]).toEqual([401, 'second_factor_required']);
    const wrong = await server.app.inject({
      method: 'POST',
      url: serverRoute(CONSOLE_ENDPOINTS.signIn),
      headers: { ...XHR_HEADERS, 'accept-language': 'ru' },
      payload: { login: member?.login, password: 'nope' },
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([401, 'Неверный логин или пароль.']);
  });

  test('a console write without X-Requested-With is refused and writes nothing', async () => {
    const editor = await staffSignIn(server, 'editor');
    const before = await auditCount(server);
    const answer = await server.app.inject({
      method: 'DELETE',
      url: url(CONSOLE_ENDPOINTS.signOut),
      headers: { cookie: editor.cookie },
    });
    expect([answer.statusCode, answer.json().error]).toEqual([403, 'csrf_header_required']);
    expect(await auditCount(server)).toBe(before);
  });
});

/**
 * Every operator entry of the endpoint table, for every role: the role the entry names gets past
 * the guard (its answer is not 401 or 403), any other gets 403 forbidden_role and writes nothing.
 */
describe('the role matrix: every operator endpoint × every role', () => {
  const server = useTestServer(undefined);
  const staffOf = staffSessions(server);
  const operatorEntries = tableEntries().filter((entry) => entry.access === 'operator');

  test('every operator entry names its roles', () => {
    expect(operatorEntries.filter((entry) => !entry.roles?.length).map(routeName)).toEqual([]);
  });

  const cases = operatorEntries.flatMap((entry) => STAFF_ROLES.map((role) => ({ entry, role })));
  test.each(cases.map(({ entry, role }) => [routeName(entry), role, entry] as const))(
    '%s as %s',
    async (_name, role, entry) => {
      // Signing out ends its session: that case has one of its own (the next TOTP step).
      const who = entry === CONSOLE_ENDPOINTS.signOut ? await staffSignIn(server, role, 1) : await staffOf(role);
      const path = entry.path.replace(/:(\w+)/g, (_match, name: string) =>
        name === 'version' ? '1' : name === 'id' ? '1' : '1st',
      );
      const before = await auditCount(server);
      const answer = await call(server, who, entry.method, `${entry.base}${path}`, {
        ...(entry.body ? { payload: {} } : {}),
      });
      if (entry.roles?.includes(role)) {
        expect([401, 403], `${answer.statusCode} ${answer.body.slice(0, 200)}`).not.toContain(answer.statusCode);
      } else {
        expect([answer.statusCode, answer.json().error]).toEqual([403, 'forbidden_role']);
        expect(await auditCount(server)).toBe(before);
      }
    },
  );

  test('without a session or key, every operator entry is 401', async () => {
    // Each from an address of its own: anonymous calls share the sign-in's rate limit per address.
    for (const [index, entry] of operatorEntries.entries()) {
      const path = entry.path.replace(/:(\w+)/g, '1');
      const answer = await server.app.inject({
        method: entry.method,
        url: `${entry.base}${path}`,
        headers: XHR_HEADERS,
        remoteAddress: `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}`,
      });
      expect(answer.statusCode, routeName(entry)).toBe(401);
    }
  });
});

describe('the life of a promotion in the console', () => {
  const server = useTestServer(undefined);
  const staffOf = staffSessions(server);

  test('create from a mechanic, save over If-Match, lose a race with 409, publish, show, unpublish', async () => {
    const editor = await staffOf('editor');
    const publisher = await staffOf('publisher');
    const start = await freshDraft(server, editor);
    expect(start.mechanic).toBe('match-free-bet');
    expect(start.texts).toEqual({});
    // The reference promotion's terms come with it; its texts do not.
    expect(Object.keys(start.terms).length).toBeGreaterThan(0);

    const created = await call(server, editor, 'POST', url(CONSOLE_ENDPOINTS.create), {
      payload: { ...start, texts: { en: TEXTS } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json() as ConsolePromotion;
    expect(first).toMatchObject({
      state: 'draft',
      publishedVersion: null,
      latest: { version: 1, author: 'demo.editor' },
    });
    expect(first.latest.problems.map(({ message }) => message)).toEqual(['ru: no texts yet', 'ar: no texts yet']);

    // Publishing an incomplete version is refused with why.
    const early = await call(server, publisher, 'POST', url(CONSOLE_ENDPOINTS.publish, { slug: start.slug }), {
      payload: { version: 1 },
    });
    expect([
      early.statusCode,
      early.json().error,
      early.json().problems.map(({ message }: { message: string }) => message),
    ]).toEqual([422, 'not_publishable', ['ru: no texts yet', 'ar: no texts yet']]);

    const complete = { ...start, texts: { en: TEXTS, ru: RU, ar: AR } };
    const saveUrl = url(CONSOLE_ENDPOINTS.save, { slug: start.slug });
    const noMatch = await call(server, editor, 'PUT', saveUrl, { payload: complete });
    expect([noMatch.statusCode, noMatch.json().error]).toEqual([428, 'if_match_required']);
    const saved = await call(server, editor, 'PUT', saveUrl, { payload: complete, headers: { 'if-match': '"1"' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe('"2"');
    // A second editor who also started from version 1 loses the race and sees what won.
    const stale = await call(server, editor, 'PUT', saveUrl, {
      payload: { ...complete, texts: { ...complete.texts, en: { ...TEXTS, title: 'Another title' } } },
      headers: { 'if-match': '"1"', 'accept-language': 'en' },
    });
    expect([stale.statusCode, stale.json().error, stale.json().latest.version]).toEqual([409, 'stale_version', 2]);
    expect(stale.json().message).toBe('Version 2 was saved by demo.editor after you started. Compare and save again.');

    const published = await call(server, publisher, 'POST', url(CONSOLE_ENDPOINTS.publish, { slug: start.slug }), {
      payload: { version: 2 },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ state: 'upcoming', publishedVersion: 2 });

    const page = await server.app.inject({
      url: `${url(PROMOTION_ENDPOINTS.promotion, { key: start.slug })}?lang=ru&currency=USD`,
    });
    expect([page.statusCode, page.json().texts.title]).toEqual([200, 'Летний фрибет']);
    const index = await server.app.inject({ url: `${url(PROMOTION_ENDPOINTS.index)}?lang=en&currency=USD` });
    expect(index.json().promotions.map((card: { slug: string }) => card.slug)).toContain(start.slug);

    const off = await call(server, publisher, 'DELETE', url(CONSOLE_ENDPOINTS.unpublish, { slug: start.slug }));
    expect(off.json()).toMatchObject({ state: 'unpublished', publishedVersion: null });
    const gone = await server.app.inject({ url: `${url(PROMOTION_ENDPOINTS.promotion, { key: start.slug })}?lang=en` });
    expect(gone.statusCode).toBe(404);
    const indexAfter = await server.app.inject({ url: `${url(PROMOTION_ENDPOINTS.index)}?lang=en&currency=USD` });
    expect(indexAfter.json().promotions.map((card: { slug: string }) => card.slug)).not.toContain(start.slug);

    const log = await call(server, editor, 'GET', url(CONSOLE_ENDPOINTS.audit, {}, `?entityId=${start.slug}`));
    expect(
      log
        .json()
        .items.map((entry: { action: string; actor: string; version: number | null }) => [
          entry.action,
          entry.actor,
          entry.version,
        ]),
    ).toEqual([
      ['unpublish', 'demo.publisher', null],
      ['publish', 'demo.publisher', 2],
      ['save', 'demo.editor', 2],
      ['create', 'demo.editor', 1],
    ]);
    const save = log.json().items[2];
    expect(save.diff['texts.ru']).toEqual([null, RU]);
  });

  test('a scheduled publication happens once, when due, by the job', async () => {
    const editor = await staffOf('editor');
    const publisher = await staffOf('publisher');
    const start = await freshDraft(server, editor);
    await call(server, editor, 'POST', url(CONSOLE_ENDPOINTS.create), {
      payload: { ...start, texts: { en: TEXTS, ru: RU, ar: AR } },
    });
    const at = Math.floor(Date.now() / 1000) + 3600;
    const past = await call(server, publisher, 'POST', url(CONSOLE_ENDPOINTS.publish, { slug: start.slug }), {
      payload: { version: 1, at: at - 7200 },
    });
    expect([past.statusCode, past.json().error]).toEqual([422, 'past_time']);
    const scheduled = await call(server, publisher, 'POST', url(CONSOLE_ENDPOINTS.publish, { slug: start.slug }), {
      payload: { version: 1, at },
    });
    expect(scheduled.json()).toMatchObject({ state: 'scheduled', scheduled: { version: 1, at, by: 'demo.publisher' } });
    const { db } = server.database;
    expect(await transaction(db, (tx) => publishDue(tx, new Date((at - 1) * 1000)))).toEqual([]);
    expect(await transaction(db, (tx) => publishDue(tx, new Date(at * 1000)))).toContain(start.slug);
    expect(await transaction(db, (tx) => publishDue(tx, new Date(at * 1000 + 5000)))).not.toContain(start.slug);
    const [head] = await db.select().from(promotionHeads).where(eq(promotionHeads.slug, start.slug));
    expect([head?.publishedVersion, head?.scheduledVersion]).toEqual([1, null]);
  });

  test('the list filters, sorts and counts in the database; a new draft counts at once', async () => {
    const editor = await staffOf('editor');
    const list = async (query: string) =>
      (await call(server, editor, 'GET', url(CONSOLE_ENDPOINTS.promotions, {}, query))).json() as {
        items: { slug: string; state: string; mechanic: string }[];
        total: number;
      };
    const drafts = await list('?state=draft&size=100');
    const wheels = await list('?mechanic=prize-wheel&sort=slug&order=desc');
    expect(wheels.items.every((row) => row.mechanic === 'prize-wheel')).toBe(true);
    expect(wheels.items.map((row) => row.slug)).toEqual([...wheels.items.map((row) => row.slug)].sort().reverse());
    const start = await freshDraft(server, editor);
    await call(server, editor, 'POST', url(CONSOLE_ENDPOINTS.create), { payload: start });
    const after = await list('?state=draft&size=100');
    expect(after.total).toBe(drafts.total + 1);
    expect(after.items.map((row) => row.slug)).toContain(start.slug);
    expect((await list(`?q=${start.slug}`)).items.map((row) => [row.slug, row.state])).toEqual([[start.slug, 'draft']]);
  });

  test('a taken slug or id is a 409 and writes nothing', async () => {
    const editor = await staffOf('editor');
    const start = await freshDraft(server, editor);
    const before = await auditCount(server);
    const slugTaken = await call(server, editor, 'POST', url(CONSOLE_ENDPOINTS.create), {
      payload: { ...start, slug: '1st' },
    });
    expect([slugTaken.statusCode, slugTaken.json().error]).toEqual([409, 'slug_taken']);
    const [served] = await server.database.db.select({ id: promotions.id }).from(promotions).limit(1);
    const idTaken = await call(server, editor, 'POST', url(CONSOLE_ENDPOINTS.create), {
      payload: { ...start, ids: [served?.id] },
    });
    expect([idTaken.statusCode, idTaken.json().error]).toEqual([409, 'id_taken']);
    expect(await auditCount(server)).toBe(before);
  });
});

/**
 * Every field of a draft has a rule the server refuses with that field named (the same schema the
 * console's form validates with): one bad value per rule, and a case for every field of the schema.
 */
const FIELD_RULES: ReadonlyArray<[field: string, path: string, change: (draft: PromoDraft) => unknown]> = [
  ['slug', 'slug', (d) => ({ ...d, slug: 'Not A Slug' })],
  ['ids', 'ids.0', (d) => ({ ...d, ids: [-4] })],
  ['mechanic', 'mechanic', (d) => ({ ...d, mechanic: 'lottery-of-life' })],
  ['product', 'product', (d) => ({ ...d, product: 'poker' })],
  ['currencyCode', 'currencyCode', (d) => ({ ...d, currencyCode: 'usd' })],
  ['schedule', 'schedule.starts', (d) => ({ ...d, schedule: { ...d.schedule, starts: 'tomorrow' } })],
  [
    'schedule',
    'schedule.weekly.from',
    (d) => ({ ...d, schedule: { ...d.schedule, weekly: { weekdays: [1], from: '25:00', to: '23:00' } } }),
  ],
  ['prizes', 'prizes.0.places', (d) => ({ ...d, prizes: [{ places: 'first', kind: 'cash', amount: '10' }] })],
  ['prizes', 'prizes.0.amount', (d) => ({ ...d, prizes: [{ places: '1', kind: 'cash', amount: '10,50' }] })],
  ['prizes', 'prizes.0.kind', (d) => ({ ...d, prizes: [{ places: '1', kind: 'car', amount: '1' }] })],
  ['terms', 'terms.minOdds', (d) => ({ ...d, terms: { ...d.terms, minOdds: '1.5x' } })],
  ['terms', 'terms.percent', (d) => ({ ...d, terms: { ...d.terms, percent: 50 } })],
  ['cta', 'cta', (d) => ({ ...d, cta: { to: 'elsewhere' } })],
  ['hero', 'hero.accent', (d) => ({ ...d, hero: { ...d.hero, accent: 'blue' } })],
  ['hero', 'hero.art', (d) => ({ ...d, hero: { ...d.hero, art: 'unicorn' } })],
  ['of', 'of', (d) => ({ ...d, of: 'No Slug' })],
  ['texts', 'texts.en.title', (d) => ({ ...d, texts: { en: { ...TEXTS, title: 'x' } } })],
  ['texts', 'texts.ru.rules', (d) => ({ ...d, texts: { ru: { ...RU, rules: [] } } })],
];

describe('bad drafts: every field rule refused with its field named, nothing written', () => {
  const server = useTestServer(undefined);
  const staffOf = staffSessions(server);

  test('the table covers every field of the draft schema', () => {
    expect([...new Set(FIELD_RULES.map(([field]) => field))].sort()).toEqual(
      Object.keys(promoDraftSchema.def.shape).sort(),
    );
  });

  test.each(FIELD_RULES.map(([field, path, change]) => [path, field, change] as const))(
    '%s',
    async (path, _field, change) => {
      const editor = await staffOf('editor');
      const draft = await freshDraft(server, editor);
      const before = await auditCount(server);
      const answer = await call(server, editor, 'POST', url(CONSOLE_ENDPOINTS.create), {
        payload: change(draft),
        headers: { 'accept-language': 'ru' },
      });
      expect([answer.statusCode, answer.json().error]).toEqual([400, 'invalid_body']);
      expect(answer.json().message).not.toMatch(/[a-z]{4} [a-z]{4}/);
      const paths = (answer.json().issues as { path: string[] }[]).map((issue) => issue.path.join('.'));
      expect(paths).toContain(path);
      expect(await auditCount(server)).toBe(before);
    },
  );

  test('an oversized or malformed body is a 4xx and writes nothing', async () => {
    const editor = await staffOf('editor');
    const before = await auditCount(server);
    const malformed = await call(server, editor, 'POST', url(CONSOLE_ENDPOINTS.create), {
      payload: '{"slug": ',
      headers: { 'content-type': 'application/json' },
    });
    expect([malformed.statusCode, malformed.json().error]).toEqual([400, 'invalid_body']);
    const huge = await call(server, editor, 'POST', url(CONSOLE_ENDPOINTS.create), {
      payload: JSON.stringify({ slug: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect([huge.statusCode, huge.json().error]).toEqual([413, 'body_too_large']);
    expect(await auditCount(server)).toBe(before);
  });
});

describe('the admin manages staff and operator keys, every change audited', () => {
  const server = useTestServer(undefined);
  const staffOf = staffSessions(server);
  const signInAs = (login: string, password: string, code?: string) =>
    server.app.inject({
      method: 'POST',
      url: serverRoute(CONSOLE_ENDPOINTS.signIn),
      headers: XHR_HEADERS,
      payload: { login, password, ...(code ? { code } : {}) },
    });

  test('a new publisher gets a secret once and signs in with it; a role change ends sessions; disabled, nothing opens', async () => {
    const admin = await staffOf('admin');
    const made = await call(server, admin, 'POST', url(CONSOLE_ENDPOINTS.staffCreate), {
      payload: { login: 'new.publisher', password: 'long enough password', role: 'publisher' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { member, totpSecret, otpauthUri } = made.json();
    expect(member).toMatchObject({ login: 'new.publisher', role: 'publisher', secondFactor: true, disabled: false });
    expect(otpauthUri).toContain(`secret=${totpSecret}`);
    const code = await generate({ secret: totpSecret });
    const session = await signInAs('new.publisher', 'long enough password', code);
    expect(session.json()).toMatchObject({ role: 'publisher' });
    const cookie = String(session.headers['set-cookie']).split(';')[0] ?? '';

    // Made an editor: the session it had ends; the secret goes (editors sign in without one).
    const demoted = await call(server, admin, 'PUT', url(CONSOLE_ENDPOINTS.staffUpdate, { login: 'new.publisher' }), {
      payload: { role: 'editor' },
    });
    expect(demoted.json()).toMatchObject({ member: { role: 'editor', secondFactor: false }, totpSecret: null });
    expect((await call(server, { cookie, role: 'publisher' }, 'GET', url(CONSOLE_ENDPOINTS.me))).statusCode).toBe(401);
    expect((await signInAs('new.publisher', 'long enough password')).json()).toMatchObject({ role: 'editor' });

    await call(server, admin, 'PUT', url(CONSOLE_ENDPOINTS.staffUpdate, { login: 'new.publisher' }), {
      payload: { disabled: true },
    });
    expect((await signInAs('new.publisher', 'long enough password')).json().error).toBe('bad_credentials');
    const listed = await call(server, admin, 'GET', url(CONSOLE_ENDPOINTS.staff));
    expect(listed.json().find((row: { login: string }) => row.login === 'new.publisher')).toMatchObject({
      role: 'editor',
      disabled: true,
    });
    const log = await call(
      server,
      admin,
      'GET',
      url(CONSOLE_ENDPOINTS.audit, {}, '?entity=staff&entityId=new.publisher'),
    );
    expect(
      log
        .json()
        .items.map((entry: { action: string; actor: string; diff: object }) => [
          entry.action,
          entry.actor,
          Object.keys(entry.diff),
        ]),
    ).toEqual([
      ['update', 'demo.admin', ['disabled']],
      ['sign-in', 'new.publisher', []],
      ['update', 'demo.admin', ['role', 'secondFactor']],
      ['sign-in', 'new.publisher', []],
      ['create', 'demo.admin', ['.']],
    ]);
  });

  test('an admin cannot demote or disable themselves; a taken login is 409', async () => {
    const admin = await staffOf('admin');
    for (const payload of [{ role: 'editor' }, { disabled: true }]) {
      const answer = await call(server, admin, 'PUT', url(CONSOLE_ENDPOINTS.staffUpdate, { login: 'demo.admin' }), {
        payload,
      });
      expect([answer.statusCode, answer.json().error]).toEqual([409, 'own_account']);
    }
    const taken = await call(server, admin, 'POST', url(CONSOLE_ENDPOINTS.staffCreate), {
      payload: { login: 'demo.editor', password: 'long enough password', role: 'editor' },
    });
    expect([taken.statusCode, taken.json().error]).toEqual([409, 'login_taken']);
  });

  test('an operator key acts with its role until revoked', async () => {
    const admin = await staffOf('admin');
    const made = await call(server, admin, 'POST', url(CONSOLE_ENDPOINTS.operatorKeyCreate), {
      payload: { label: 'reporting', role: 'support' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { secret, key } = made.json();
    expect(key).toEqual({ label: 'reporting', role: 'support', createdAt: expect.any(Number), revoked: false });
    const withKey = { authorization: `Bearer ${secret}` };
    const read = await call(server, null, 'GET', url(CONSOLE_ENDPOINTS.promotions), { headers: withKey });
    expect(read.statusCode).toBe(200);
    const write = await call(server, null, 'DELETE', url(CONSOLE_ENDPOINTS.unpublish, { slug: '1st' }), {
      headers: withKey,
    });
    expect([write.statusCode, write.json().error]).toEqual([403, 'forbidden_role']);
    const again = await call(server, admin, 'POST', url(CONSOLE_ENDPOINTS.operatorKeyCreate), {
      payload: { label: 'reporting', role: 'admin' },
    });
    expect([again.statusCode, again.json().error]).toEqual([409, 'label_taken']);
    const revoked = await call(
      server,
      admin,
      'DELETE',
      url(CONSOLE_ENDPOINTS.operatorKeyRevoke, { label: 'reporting' }),
    );
    expect(revoked.json()).toMatchObject({ revoked: true });
    expect((await call(server, null, 'GET', url(CONSOLE_ENDPOINTS.promotions), { headers: withKey })).statusCode).toBe(
      401,
    );
    const listed = await call(server, admin, 'GET', url(CONSOLE_ENDPOINTS.operatorKeys));
    expect(JSON.stringify(listed.json())).not.toContain(secret);
  });
});
