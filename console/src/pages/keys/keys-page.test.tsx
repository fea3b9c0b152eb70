import { CONSOLE_ENDPOINTS, type OperatorKey, type StaffRole } from '@promo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { operatorKey, staff, T0 } from '../../test/fixtures.ts';
import { answer, handle, mockServer, refusal, requestsTo, startMockApi } from '../../test/mock-api.ts';
import { renderConsole, signedInAs } from '../../test/render.tsx';

startMockApi();

const ADMIN = staff('admin', 'ann.admin');
const SECRET = 'pok_3f9c1e0b7a5d4c2e8f6a1b3c5d7e9f0a';
const KEYS: OperatorKey[] = [
  operatorKey('feed-bot'),
  operatorKey('reports.nightly', { role: 'support' }),
  operatorKey('old-sync', { role: 'editor', revoked: true }),
];

/** GET /operator-keys answers the keys as they are now: a create or revoke handler updates them. */
let keys: OperatorKey[] = [];
const listed = (start: OperatorKey[] = KEYS) => {
  keys = [...start];
  return answer(CONSOLE_ENDPOINTS.operatorKeys, () => keys);
};
const kept = (next: OperatorKey) => {
  keys = keys.some((each) => each.label === next.label)
    ? keys.map((each) => (each.label === next.label ? next : each))
    : [...keys, next];
  return next;
};

const rowOf = async (label: string) =>
  within((await screen.findByText(label, { selector: 'code' })).closest('tr') as HTMLElement);

test.each([
  ['feed-bot', 'Publisher', 'Active', 'status-on', true],
  ['reports.nightly', 'Support', 'Active', 'status-on', true],
  ['old-sync', 'Editor', 'Revoked', 'status-off', false],
] as const)('%s: role %s, created (UTC on hover), status %s', async (label, role, status, statusClass, revocable) => {
  signedInAs(ADMIN);
  mockServer.use(listed());
  await renderConsole('/keys');
  const row = await rowOf(label);
  expect(row.getByText(role)).toHaveClass('badge', 'role');
  expect(row.getByText(status)).toHaveClass('badge', statusClass);
  expect(row.getByRole('time')).toHaveAttribute('title', '2026-03-02 09:00 UTC');
  expect(row.queryByRole('button', { name: `Revoke ${label}` }) !== null).toBe(revocable);
});

test('a new key: label and role sent; its secret shown once, copyable; the row appears', async () => {
  signedInAs(ADMIN);
  mockServer.use(
    listed(),
    answer(CONSOLE_ENDPOINTS.operatorKeyCreate, (seen) => {
      const body = seen.body as { label: string; role: StaffRole };
      return { key: kept(operatorKey(body.label, { role: body.role, createdAt: T0 + 60 })), secret: SECRET };
    }),
  );
  const { user } = await renderConsole('/keys');
  await user.click(await screen.findByRole('button', { name: 'New key' }));
  const form = within(screen.getByRole('dialog', { name: 'New operator key' }));
  await user.type(form.getByLabelText('Label'), 'crm-export');
  await user.selectOptions(form.getByLabelText('Role'), 'Support');
  await user.click(form.getByRole('button', { name: 'Create' }));

  const dialog = within(await screen.findByRole('dialog', { name: 'The secret of the key crm-export' }));
  const [sent] = requestsTo(CONSOLE_ENDPOINTS.operatorKeyCreate);
  expect(sent?.body).toEqual({ label: 'crm-export', role: 'support' });
  expect(sent?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
  expect(dialog.getByText(/Shown this once: copy it now/)).toBeInTheDocument();
  expect(dialog.getByText('authorization: Bearer …')).toBeInTheDocument();
  const field = dialog.getByLabelText('Key secret');
  expect(field).toHaveValue(SECRET);
  expect(field).toHaveClass('secret');
  await user.click(dialog.getByRole('button', { name: 'Copy Key secret' }));
  expect(await navigator.clipboard.readText()).toBe(SECRET);
  await user.click(dialog.getByRole('button', { name: 'I have saved it, close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  expect(screen.getByText('The key crm-export is made, with the Support role.')).toBeInTheDocument();
  const row = await rowOf('crm-export');
  expect(row.getByText('Support')).toHaveClass('badge');
  expect(row.getByText('Active')).toBeInTheDocument();
});

test.each([
  ['a label the schema refuses, in the browser', 'Nightly Sync', null, '3 to 40 lowercase letters'],
  [
    '409 label_taken, on the label',
    'feed-bot',
    refusal(409, 'label_taken', 'The label feed-bot is taken by another key.', { label: 'feed-bot' }),
    'This label is taken by another key: choose another.',
  ],
  [
    '400 invalid_body naming the label, on the label',
    'x.y-z',
    refusal(400, 'invalid_body', 'The request is not valid.', {
      issues: [{ path: ['label'], message: 'Invalid string: must match pattern' }],
    }),
    '3 to 40 lowercase letters',
  ],
] as const)('a refused key (%s) shows why on the label', async (_name, label, reply, message) => {
  signedInAs(ADMIN);
  mockServer.use(
    listed(),
    handle(CONSOLE_ENDPOINTS.operatorKeyCreate, () => reply ?? { status: 500, body: {} }),
  );
  const { user } = await renderConsole('/keys');
  await user.click(await screen.findByRole('button', { name: 'New key' }));
  const form = within(screen.getByRole('dialog', { name: 'New operator key' }));
  await user.type(form.getByLabelText('Label'), label);
  await user.click(form.getByRole('button', { name: 'Create' }));
  const input = form.getByLabelText('Label');
  await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
  expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
  expect(requestsTo(CONSOLE_ENDPOINTS.operatorKeyCreate)).toHaveLength(reply === null ? 0 : 1);
  expect(screen.queryByRole('dialog', { name: /The secret of the key/ })).toBeNull();
});

test('Revoke asks first; Cancel sends nothing; confirming revokes it and the row says so', async () => {
  signedInAs(ADMIN);
  mockServer.use(
    listed(),
    answer(CONSOLE_ENDPOINTS.operatorKeyRevoke, (seen) =>
      kept({ ...(keys.find((each) => each.label === seen.params.label) as OperatorKey), revoked: true }),
    ),
  );
  const { user } = await renderConsole('/keys');
  const row = await rowOf('feed-bot');
  await user.click(row.getByRole('button', { name: 'Revoke feed-bot' }));
  let dialog = within(screen.getByRole('dialog', { name: 'Revoke the key feed-bot?' }));
  expect(dialog.getByText(/refused from now on/)).toBeInTheDocument();
  await user.click(dialog.getByRole('button', { name: 'Cancel' }));
  expect(requestsTo(CONSOLE_ENDPOINTS.operatorKeyRevoke)).toEqual([]);

  await user.click(row.getByRole('button', { name: 'Revoke feed-bot' }));
  dialog = within(screen.getByRole('dialog', { name: 'Revoke the key feed-bot?' }));
  await user.click(dialog.getByRole('button', { name: 'Revoke' }));
  expect(await screen.findByText('The key feed-bot is revoked.')).toBeInTheDocument();
  const [sent] = requestsTo(CONSOLE_ENDPOINTS.operatorKeyRevoke);
  expect(sent?.method).toBe('DELETE');
  expect(sent?.params).toEqual({ label: 'feed-bot' });
  const after = await rowOf('feed-bot');
  await waitFor(() => expect(after.getByText('Revoked')).toHaveClass('badge', 'status-off'));
  expect(after.queryByRole('button', { name: 'Revoke feed-bot' })).toBeNull();
});

test('a refused revoke is shown in an alert, in the server’s words', async () => {
  signedInAs(ADMIN);
  mockServer.use(
    listed(),
    handle(CONSOLE_ENDPOINTS.operatorKeyRevoke, () => refusal(404, 'not_found', 'No such key.')),
  );
  const { user } = await renderConsole('/keys');
  await user.click((await rowOf('feed-bot')).getByRole('button', { name: 'Revoke feed-bot' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
  expect((await screen.findByText('No such key.')).closest('[role="alert"]')).not.toBeNull();
  expect((await rowOf('feed-bot')).getByText('Active')).toBeInTheDocument();
});

test('no key yet: the list says so, and New key is there', async () => {
  signedInAs(ADMIN);
  mockServer.use(listed([]));
  await renderConsole('/keys');
  expect(await screen.findByText('No operator key yet.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'New key' })).toBeInTheDocument();
});

test.each(['editor', 'publisher', 'support'] as const)(
  'a %s who types /keys in is told their role cannot open it',
  async (role: StaffRole) => {
    signedInAs(staff(role));
    mockServer.use(listed());
    await renderConsole('/keys', { language: 'ru' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ключи оператора' })).toBeInTheDocument();
    expect(screen.getByText(/не открывает эту страницу: она для администраторов/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(requestsTo(CONSOLE_ENDPOINTS.operatorKeys)).toEqual([]);
  },
);
