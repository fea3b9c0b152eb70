import { CONSOLE_ENDPOINTS, type StaffMember, type StaffRole, type StaffSession } from '@promo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { member, otpauthUri, session, staff, T0, TOTP_SECRET } from '../../test/fixtures.ts';
import { answer, handle, mockServer, refusal, requestsTo, startMockApi } from '../../test/mock-api.ts';
import { renderConsole, signedInAs } from '../../test/render.tsx';

startMockApi();
// The page lists the live sessions too: none, unless a test says otherwise.
beforeEach(() => mockServer.use(answer(CONSOLE_ENDPOINTS.staffSessions, [])));

const ADMIN = staff('admin', 'ann.admin');
const MEMBERS: StaffMember[] = [
  member('ann.admin', { role: 'admin', secondFactor: true }),
  member('bob.editor'),
  member('cid.support', { role: 'support', disabled: true, lastSeenAt: null }),
];

/** GET /staff answers the members as they are now: a test's create or change handler updates them. */
let members: StaffMember[] = [];
const listed = (start: StaffMember[] = MEMBERS) => {
  members = [...start];
  return answer(CONSOLE_ENDPOINTS.staff, () => members);
};
/** The server keeps a member as it answers them. */
const kept = (next: StaffMember) => {
  members = members.some((each) => each.login === next.login)
    ? members.map((each) => (each.login === next.login ? next : each))
    : [...members, next];
  return next;
};

/** The row of a member, found by their login. */
const rowOf = async (login: string) =>
  within((await screen.findByText(login, { selector: 'strong' })).closest('tr') as HTMLElement);

test.each([
  ['ann.admin', 'Admin', 'Yes', 'Active', 'status-on'],
  ['bob.editor', 'Editor', 'No', 'Active', 'status-on'],
  ['cid.support', 'Support', 'No', 'Disabled', 'status-off'],
] as const)('%s: role badge %s, second factor %s, status %s', async (login, role, second, status, statusClass) => {
  signedInAs(ADMIN);
  mockServer.use(listed());
  await renderConsole('/staff');
  const row = await rowOf(login);
  expect(row.getByText(role, { selector: '.badge' })).toHaveClass('badge', 'role');
  expect(row.getByText(second)).toBeInTheDocument();
  expect(row.getByText(status)).toHaveClass('badge', statusClass);
  const [created] = row.getAllByRole('time');
  expect(created).toHaveAttribute('title', '2026-03-02 09:00 UTC');
  expect(created).toHaveAttribute('datetime', new Date(T0 * 1000).toISOString());
});

test('last seen: local time with UTC on hover, or never; the signed-in admin is marked', async () => {
  signedInAs(ADMIN);
  mockServer.use(listed());
  await renderConsole('/staff');
  const bob = await rowOf('bob.editor');
  expect(bob.getAllByRole('time')[1]).toHaveAttribute('title', '2026-03-02 11:00 UTC');
  expect((await rowOf('cid.support')).getByText('never')).toBeInTheDocument();
  expect((await rowOf('ann.admin')).getByText('(you)')).toBeInTheDocument();
  expect(bob.queryByText('(you)')).toBeNull();
});

test('a new editor: the form sends login, password and role; no secret; the row appears', async () => {
  signedInAs(ADMIN);
  mockServer.use(
    listed(),
    answer(CONSOLE_ENDPOINTS.staffCreate, (seen) => ({
      member: kept(member((seen.body as { login: string }).login, { createdAt: T0 + 60, lastSeenAt: null })),
      totpSecret: null,
      otpauthUri: null,
    })),
  );
  const { user } = await renderConsole('/staff');
  await user.click(await screen.findByRole('button', { name: 'New staff member' }));
  const dialog = within(screen.getByRole('dialog', { name: 'New staff member' }));
  await user.type(dialog.getByLabelText('Login'), 'dan.editor');
  const password = dialog.getByLabelText('First password');
  await user.type(password, 'correct horse battery');
  expect(password).toHaveAttribute('type', 'password');
  const show = dialog.getByRole('button', { name: 'Show password' });
  await user.click(show);
  expect(show).toHaveAttribute('aria-pressed', 'true');
  expect(password).toHaveAttribute('type', 'text');
  await user.click(dialog.getByRole('button', { name: 'Create' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const [sent] = requestsTo(CONSOLE_ENDPOINTS.staffCreate);
  expect(sent?.body).toEqual({ login: 'dan.editor', password: 'correct horse battery', role: 'editor' });
  expect(sent?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
  expect(screen.getByText('dan.editor can now sign in as Editor.')).toBeInTheDocument();
  expect((await rowOf('dan.editor')).getByText('never')).toBeInTheDocument();
});

test('a new publisher: the authenticator secret is shown once, copyable, with its otpauth link', async () => {
  signedInAs(ADMIN);
  mockServer.use(
    listed(),
    answer(CONSOLE_ENDPOINTS.staffCreate, () => ({
      member: kept(member('eve.publisher', { role: 'publisher', secondFactor: true, lastSeenAt: null })),
      totpSecret: TOTP_SECRET,
      otpauthUri: otpauthUri('eve.publisher'),
    })),
  );
  const { user } = await renderConsole('/staff');
  await user.click(await screen.findByRole('button', { name: 'New staff member' }));
  const form = within(screen.getByRole('dialog', { name: 'New staff member' }));
  await user.type(form.getByLabelText('Login'), 'eve.publisher');
  await user.type(form.getByLabelText('First password'), 'twelve chars!');
  await user.selectOptions(form.getByLabelText('Role'), 'Publisher');
  await user.click(form.getByRole('button', { name: 'Create' }));

  const dialog = within(await screen.findByRole('dialog', { name: 'Authenticator secret for eve.publisher' }));
  expect(requestsTo(CONSOLE_ENDPOINTS.staffCreate)[0]?.body).toMatchObject({ role: 'publisher' });
  expect(dialog.getByText(/Shown this once: copy it now/)).toBeInTheDocument();
  const field = dialog.getByLabelText('Authenticator secret');
  expect(field).toHaveValue(TOTP_SECRET);
  expect(field).toHaveAttribute('readonly');
  expect(field).toHaveClass('secret');
  expect(dialog.getByRole('link', { name: otpauthUri('eve.publisher') })).toHaveAttribute(
    'href',
    otpauthUri('eve.publisher'),
  );
  await user.click(dialog.getByRole('button', { name: 'Copy Authenticator secret' }));
  expect(await navigator.clipboard.readText()).toBe(TOTP_SECRET);
  expect(dialog.getByText('Copied to the clipboard.')).toBeInTheDocument();
  await user.click(dialog.getByRole('button', { name: 'I have saved it, close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.queryByDisplayValue(TOTP_SECRET)).toBeNull();
  expect((await rowOf('eve.publisher')).getByText('Publisher', { selector: '.badge' })).toBeInTheDocument();
});

test('the browser checks the new member with the contract schema: errors beside their fields, nothing sent', async () => {
  signedInAs(ADMIN);
  mockServer.use(listed());
  const { user } = await renderConsole('/staff');
  await user.click(await screen.findByRole('button', { name: 'New staff member' }));
  const dialog = within(screen.getByRole('dialog', { name: 'New staff member' }));
  await user.type(dialog.getByLabelText('Login'), 'Dan Editor');
  await user.type(dialog.getByLabelText('First password'), 'short');
  await user.click(dialog.getByRole('button', { name: 'Create' }));
  expect(await dialog.findByText('3 to 40 lowercase letters, digits, dots, dashes or underscores.')).toBeVisible();
  expect(dialog.getByLabelText('Login')).toHaveAttribute('aria-invalid', 'true');
  expect(dialog.getByText('At least 12 characters.')).toBeVisible();
  expect(requestsTo(CONSOLE_ENDPOINTS.staffCreate)).toEqual([]);
});

test.each([
  [
    '409 login_taken, on the login',
    refusal(409, 'login_taken', 'That login or app token is already taken.'),
    'Login',
    'This login is taken: choose another.',
  ],
  [
    '400 invalid_body naming the password, on the password',
    refusal(400, 'invalid_body', 'The request is not valid.', {
      issues: [{ path: ['password'], message: 'Too small: expected string to have >=12 characters' }],
    }),
    'First password',
    '12 to 200 characters.',
  ],
  [
    '400 invalid_body naming the login, on the login',
    refusal(400, 'invalid_body', 'The request is not valid.', {
      issues: [{ path: ['login'], message: 'Invalid string: must match pattern' }],
    }),
    'Login',
    '3 to 40 lowercase letters, digits, dots, dashes or underscores.',
  ],
  ['any other refusal, in an alert', refusal(503, 'unavailable', 'The server is busy.'), null, 'The server is busy.'],
] as const)('a refusal (%s)', async (_name, reply, field, message) => {
  signedInAs(ADMIN);
  mockServer.use(
    listed(),
    handle(CONSOLE_ENDPOINTS.staffCreate, () => reply),
  );
  const { user } = await renderConsole('/staff');
  await user.click(await screen.findByRole('button', { name: 'New staff member' }));
  const dialog = within(screen.getByRole('dialog', { name: 'New staff member' }));
  await user.type(dialog.getByLabelText('Login'), 'bob.editor');
  await user.type(dialog.getByLabelText('First password'), 'a long enough one');
  await user.click(dialog.getByRole('button', { name: 'Create' }));
  if (field === null) {
    expect(await dialog.findByRole('alert')).toHaveTextContent(message);
  } else {
    const input = dialog.getByLabelText(field);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(input).toHaveFocus();
  }
  expect(screen.getByRole('dialog', { name: 'New staff member' })).toBeVisible();
});

test('a role change: Save sends the role, the row shows it, and the new secret is shown once', async () => {
  signedInAs(ADMIN);
  mockServer.use(
    listed(),
    answer(CONSOLE_ENDPOINTS.staffUpdate, (seen) => ({
      member: kept(member(seen.params.login as string, { role: 'publisher', secondFactor: true })),
      totpSecret: TOTP_SECRET,
      otpauthUri: otpauthUri('bob.editor'),
    })),
  );
  const { user } = await renderConsole('/staff');
  const bob = await rowOf('bob.editor');
  const save = bob.getByRole('button', { name: 'Save the role of bob.editor' });
  expect(save).toHaveAttribute('aria-disabled', 'true');
  await user.click(save);
  expect(requestsTo(CONSOLE_ENDPOINTS.staffUpdate)).toEqual([]);
  await user.selectOptions(bob.getByLabelText('Role of bob.editor'), 'Publisher');
  await user.click(save);
  const dialog = within(await screen.findByRole('dialog', { name: 'Authenticator secret for bob.editor' }));
  expect(dialog.getByLabelText('Authenticator secret')).toHaveValue(TOTP_SECRET);
  const [sent] = requestsTo(CONSOLE_ENDPOINTS.staffUpdate);
  expect(sent?.params).toEqual({ login: 'bob.editor' });
  expect(sent?.body).toEqual({ role: 'publisher' });
  await user.click(dialog.getByRole('button', { name: 'I have saved it, close' }));
  const after = await rowOf('bob.editor');
  expect(after.getByText('Publisher', { selector: '.badge' })).toBeInTheDocument();
  expect(after.getByText('Yes')).toBeInTheDocument();
  expect(after.getByLabelText('Role of bob.editor')).toHaveValue('publisher');
  expect(save).toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByText('bob.editor is now Publisher; their sessions ended.')).toBeInTheDocument();
});

test.each([
  ['Disable', 'bob.editor', true, 'Disabled', 'Enable', 'bob.editor is disabled and signed out.'],
  ['Enable', 'cid.support', false, 'Active', 'Disable', 'cid.support can sign in again.'],
] as const)(
  '%s %s asks first; Cancel sends nothing, confirming changes the row',
  async (action, login, disabled, status, next, done) => {
    signedInAs(ADMIN);
    const before = MEMBERS.find((each) => each.login === login) as StaffMember;
    mockServer.use(
      listed(),
      answer(CONSOLE_ENDPOINTS.staffUpdate, () => ({
        member: kept({ ...before, disabled }),
        totpSecret: null,
        otpauthUri: null,
      })),
    );
    const { user } = await renderConsole('/staff');
    const row = await rowOf(login);
    await user.click(row.getByRole('button', { name: `${action} ${login}` }));
    let dialog = within(screen.getByRole('dialog', { name: `${action} ${login}?` }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo(CONSOLE_ENDPOINTS.staffUpdate)).toEqual([]);

    await user.click(row.getByRole('button', { name: `${action} ${login}` }));
    dialog = within(screen.getByRole('dialog', { name: `${action} ${login}?` }));
    await user.click(dialog.getByRole('button', { name: action }));
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(requestsTo(CONSOLE_ENDPOINTS.staffUpdate)[0]?.body).toEqual({ disabled });
    const after = await rowOf(login);
    expect(after.getByText(status)).toHaveClass('badge');
    expect(after.getByRole('button', { name: `${next} ${login}` })).toBeInTheDocument();
  },
);

test.each([
  ['en', 'Disable', 'You cannot take your own admin role or disable yourself: another admin can.'],
  [
    'ru',
    'Отключить',
    'Нельзя снять с себя роль администратора или отключить себя: это может сделать другой администратор.',
  ],
] as const)(
  'own_account (%s): the refusal in the console language, the row unchanged',
  async (language, disable, message) => {
    signedInAs(ADMIN);
    mockServer.use(
      listed(),
      handle(CONSOLE_ENDPOINTS.staffUpdate, () =>
        refusal(409, 'own_account', 'You cannot take your own admin role or disable yourself.'),
      ),
    );
    const { user } = await renderConsole('/staff', { language });
    const row = await rowOf('ann.admin');
    await user.click(row.getByRole('button', { name: `${disable} ann.admin` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: disable }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(message).closest('[role="alert"]')).not.toBeNull();
    expect(requestsTo(CONSOLE_ENDPOINTS.staffUpdate)[0]?.headers.get('accept-language')).toBe(language);
    expect(row.getByRole('button', { name: `${disable} ann.admin` })).toBeEnabled();
  },
);

test('a refused change of my own role: the alert says why, the select goes back to Admin', async () => {
  signedInAs(ADMIN);
  mockServer.use(
    listed(),
    handle(CONSOLE_ENDPOINTS.staffUpdate, () =>
      refusal(409, 'own_account', 'You cannot take your own admin role or disable yourself.'),
    ),
  );
  const { user } = await renderConsole('/staff');
  const row = await rowOf('ann.admin');
  await user.selectOptions(row.getByLabelText('Role of ann.admin'), 'Editor');
  await user.click(row.getByRole('button', { name: 'Save the role of ann.admin' }));
  expect(
    await screen.findByText('You cannot take your own admin role or disable yourself: another admin can.'),
  ).toBeInTheDocument();
  expect(requestsTo(CONSOLE_ENDPOINTS.staffUpdate)[0]?.body).toEqual({ role: 'editor' });
  await waitFor(() => expect(row.getByLabelText('Role of ann.admin')).toHaveValue('admin'));
  expect(row.getByText('Admin', { selector: '.badge' })).toBeInTheDocument();
});

test.each(['editor', 'publisher', 'support'] as const)(
  'a %s who types /staff in is told their role cannot open it',
  async (role: StaffRole) => {
    signedInAs(staff(role));
    mockServer.use(listed());
    await renderConsole('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    expect(screen.getByText(/cannot open this page: it is for admins/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New staff member' })).toBeNull();
    expect(requestsTo(CONSOLE_ENDPOINTS.staff)).toEqual([]);
  },
);

test('a failed list offers Retry', async () => {
  signedInAs(ADMIN);
  let fail = true;
  mockServer.use(
    handle(CONSOLE_ENDPOINTS.staff, () =>
      fail ? refusal(503, 'unavailable', 'The server is busy.') : { status: 200, body: MEMBERS },
    ),
  );
  const { user } = await renderConsole('/staff');
  expect((await screen.findByText('The server is busy.')).closest('[role="alert"]')).not.toBeNull();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('table')).toBeInTheDocument();
});

const SESSIONS: StaffSession[] = [
  session('admin-desk', { login: 'ann.admin', role: 'admin', address: '192.0.2.1', current: true }),
  session('bob-laptop', { login: 'bob.editor', address: '198.51.100.7', lastSeenAt: T0 + 7200 }),
  session('bob-phone', { login: 'bob.editor', address: '203.0.113.9' }),
];

/** GET staff-sessions answers the live sessions (of one member with ?login); ending them: sessions-page.test.tsx. */
let sessions: StaffSession[] = [];
const liveSessions = (start: StaffSession[] = SESSIONS) => {
  sessions = [...start];
  return answer(CONSOLE_ENDPOINTS.staffSessions, (seen) => {
    const login = seen.url.searchParams.get('login');
    return sessions.filter((each) => login === null || each.login === login);
  });
};

/** The sessions table's row of a session, found by its address. */
const sessionRow = async (address: string) =>
  within((await screen.findByText(address, { selector: 'code' })).closest('tr') as HTMLElement);

test.each([
  // address, member, this browser, last seen (UTC on hover)
  ['192.0.2.1', 'ann.admin', true, '2026-03-02 10:00 UTC'],
  ['198.51.100.7', 'bob.editor', false, '2026-03-02 11:00 UTC'],
  ['203.0.113.9', 'bob.editor', false, '2026-03-02 10:00 UTC'],
] as const)(
  'live sessions: %s is a session of %s (this browser: %s), last seen %s',
  async (address, login, current, seen) => {
    signedInAs(ADMIN);
    mockServer.use(listed(), liveSessions());
    await renderConsole('/staff');
    const row = await sessionRow(address);
    expect(row.getByText(login)).toBeInTheDocument();
    expect(row.queryByText('This browser') !== null).toBe(current);
    expect(row.getAllByRole('time')[1]).toHaveAttribute('title', seen);
    expect(
      row.getByRole('button', { name: `${current ? 'Sign out' : 'End'} the session of ${login} from ${address}` }),
    ).toBeEnabled();
  },
);

test("one member's sessions: the filter asks the server for that login only", async () => {
  signedInAs(ADMIN);
  mockServer.use(listed(), liveSessions());
  const { user } = await renderConsole('/staff');
  const section = within(await screen.findByRole('region', { name: 'Live sessions' }));
  expect(await section.findByRole('region', { name: 'Live sessions of every member' })).toBeInTheDocument();
  await user.selectOptions(section.getByLabelText('Member'), 'bob.editor');
  const table = await section.findByRole('region', { name: 'Live sessions of bob.editor' });
  await waitFor(() => expect(within(table).queryByText('192.0.2.1')).toBeNull());
  expect(within(table).getAllByText('bob.editor')).toHaveLength(2);
  expect(requestsTo(CONSOLE_ENDPOINTS.staffSessions).map((seen) => seen.url.search)).toEqual(['', '?login=bob.editor']);
});
