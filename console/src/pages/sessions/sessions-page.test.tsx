import { CONSOLE_ENDPOINTS, type StaffRole, type StaffSession } from '@promo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { member, session, staff, T0 } from '../../test/fixtures.ts';
import { answer, handle, mockServer, refusal, requestsTo, startMockApi } from '../../test/mock-api.ts';
import { pathOf, renderConsole, signedInAs } from '../../test/render.tsx';

startMockApi();

const ME = staff('editor', 'ann.editor');
const SESSIONS: StaffSession[] = [
  session('desk', { login: 'ann.editor', address: '192.0.2.10', current: true, lastSeenAt: T0 + 7200 }),
  session('laptop', { login: 'ann.editor', address: '203.0.113.9', idleUntil: T0 + 3600 + 1800 }),
];

/** The list answers the sessions as they are now: an end handler takes one away. */
let sessions: StaffSession[] = [];
const listed = (start: StaffSession[] = SESSIONS) => {
  sessions = [...start];
  return answer(CONSOLE_ENDPOINTS.mySessions, () => sessions);
};

/** The row of a session, found by its address. */
const rowOf = async (address: string) =>
  within((await screen.findByText(address, { selector: 'code' })).closest('tr') as HTMLElement);

test.each([
  // address, this browser, signed in, last seen, ends if idle (UTC on hover)
  ['192.0.2.10', true, '2026-03-02 09:00 UTC', '2026-03-02 11:00 UTC', '2026-03-02 10:30 UTC'],
  ['203.0.113.9', false, '2026-03-02 09:00 UTC', '2026-03-02 10:00 UTC', '2026-03-02 10:30 UTC'],
] as const)(
  'the session from %s: this browser %s, its times local with UTC on hover',
  async (address, current, ...utc) => {
    signedInAs(ME);
    mockServer.use(listed());
    await renderConsole('/sessions');
    const row = await rowOf(address);
    expect(row.queryByText('This browser') !== null).toBe(current);
    expect(row.getAllByRole('time').map((time) => time.getAttribute('title'))).toEqual(utc);
    expect(
      row.getByRole('button', {
        name: `${current ? 'Sign out' : 'End'} the session of ann.editor from ${address}`,
      }),
    ).toBeEnabled();
    expect(screen.getByRole('columnheader', { name: 'Ends if idle' })).toBeInTheDocument();
    // One's own list has no member column.
    expect(screen.queryByRole('columnheader', { name: 'Member' })).toBeNull();
  },
);

/**
 * Where a session is ended: one's own list (every role), and the staff page's list of every
 * member's (admins), where the admin's own sessions are too.
 */
const PLACES = [
  {
    place: 'my sessions',
    path: '/sessions',
    role: 'editor',
    list: CONSOLE_ENDPOINTS.mySessions,
    end: CONSOLE_ENDPOINTS.mySessionEnd,
    endTitle: 'End this session?',
    done: 'The session from 203.0.113.9 has ended.',
    table: 'Your live sessions',
  },
  {
    place: 'the staff page',
    path: '/staff',
    role: 'admin',
    list: CONSOLE_ENDPOINTS.staffSessions,
    end: CONSOLE_ENDPOINTS.staffSessionRevoke,
    endTitle: 'End a session of ann.editor?',
    done: 'The session of ann.editor from 203.0.113.9 has ended.',
    table: 'Live sessions of every member',
  },
] as const;

/** A place's page, as the member (an admin on the staff page) with the two sessions. */
async function openPlace(place: (typeof PLACES)[number]) {
  signedInAs(staff(place.role, 'ann.editor'));
  sessions = [...SESSIONS];
  mockServer.use(
    answer(CONSOLE_ENDPOINTS.staff, [member('ann.editor', { role: place.role })]),
    answer(place.list, () => sessions),
    answer(place.end, (seen) => {
      sessions = sessions.filter((each) => each.id !== seen.params.id);
      return { ok: true as const };
    }),
  );
  return renderConsole(place.path);
}

test.each(PLACES)(
  '$place: End asks first; Cancel sends nothing; confirming ends it, the row goes and the page says so',
  async (place) => {
    const { user, router } = await openPlace(place);
    const row = await rowOf('203.0.113.9');
    const button = row.getByRole('button', { name: 'End the session of ann.editor from 203.0.113.9' });
    await user.click(button);
    let dialog = within(screen.getByRole('dialog', { name: place.endTitle }));
    expect(dialog.getByText(/The browser at 203\.0\.113\.9 is signed out at once/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(place.end)).toEqual([]);

    await user.click(button);
    dialog = within(screen.getByRole('dialog', { name: place.endTitle }));
    await user.click(dialog.getByRole('button', { name: 'End' }));
    expect(await screen.findByText(place.done)).toBeInTheDocument();
    const [sent] = requestsTo(place.end);
    expect([sent?.method, sent?.params.id, sent?.headers.get('x-requested-with')]).toEqual([
      'DELETE',
      SESSIONS[1]?.id,
      'XMLHttpRequest',
    ]);
    await waitFor(() => expect(screen.queryByText('203.0.113.9')).toBeNull());
    expect((await rowOf('192.0.2.10')).getByText('This browser')).toBeInTheDocument();
    // The focus is on the table, not lost with the button.
    expect(screen.getByRole('region', { name: place.table })).toHaveFocus();
    expect(pathOf(router)).toBe(place.path);
  },
);

test.each(PLACES)(
  "$place: ending this browser's session signs out, to the sign-in page without the expired notice",
  async (place) => {
    const { user, router } = await openPlace(place);
    const row = await rowOf('192.0.2.10');
    await user.click(row.getByRole('button', { name: 'Sign out the session of ann.editor from 192.0.2.10' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Sign out of this browser?' }));
    expect(dialog.getByText(/ending it signs you out/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(pathOf(router)).toBe('/sign-in'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeInTheDocument();
    expect(requestsTo(place.end).map((seen) => seen.params.id)).toEqual([SESSIONS[0]?.id]);
  },
);

test('a session ended elsewhere meanwhile: the refusal in the console language, the list refreshed', async () => {
  signedInAs(ME);
  mockServer.use(
    listed(),
    handle(CONSOLE_ENDPOINTS.mySessionEnd, () => {
      sessions = sessions.slice(0, 1);
      return refusal(404, 'session_not_found', 'Этот сеанс уже завершён или вы не можете его завершить.');
    }),
  );
  const { user } = await renderConsole('/sessions', { language: 'ru' });
  const row = await rowOf('203.0.113.9');
  await user.click(row.getByRole('button', { name: 'Завершить сеанс ann.editor с адреса 203.0.113.9' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Завершить этот сеанс?' })).getByRole('button', { name: 'Завершить' }),
  );
  expect(await screen.findByText('Этот сеанс уже завершён или вы не можете его завершить.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('203.0.113.9')).toBeNull());
});

test.each(['editor', 'publisher', 'support', 'admin'] as const)(
  '%s: My sessions is a link of the top bar',
  async (role: StaffRole) => {
    signedInAs(staff(role, `ann.${role}`));
    mockServer.use(
      answer(CONSOLE_ENDPOINTS.promotions, { items: [], total: 0, page: 1, size: 25 }),
      listed([session('only', { login: `ann.${role}`, role, current: true })]),
    );
    const { user, router } = await renderConsole('/promotions');
    const banner = await screen.findByRole('banner');
    await user.click(within(banner).getByRole('link', { name: 'My sessions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My sessions' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/sessions');
    expect(within(banner).getByRole('link', { name: 'My sessions' })).toHaveAttribute('aria-current', 'page');
    expect((await rowOf('192.0.2.10')).getByText('This browser')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My sessions · Promo console'));
  },
);

test('no live session (an operator key has none): said so', async () => {
  signedInAs(ME);
  mockServer.use(listed([]));
  await renderConsole('/sessions');
  expect(await screen.findByText('No live session.')).toBeInTheDocument();
  expect(screen.queryByRole('table')).toBeNull();
});
