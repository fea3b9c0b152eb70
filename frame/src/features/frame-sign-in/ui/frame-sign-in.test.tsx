import { AUTH_ENDPOINTS } from '@promo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { answer, failNetwork, refuse, requestsTo, tableEndpoint } from '../../../../mock-api/contract-api.ts';
import { demoUser } from '../../../../mock-api/demo-players.ts';
import { mockServer, startMockApi } from '../../../../mock-api/node.ts';
import { loadEnglish, renderFeature } from '../../../../mock-api/render.tsx';
import { readCookie, writeCookie } from '../../../shared/lib/browser/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { SignIn } from './sign-in.tsx';
import { SignOut } from './sign-out.tsx';

const fastLogin = tableEndpoint(AUTH_ENDPOINTS.fastLogin);
const disconnect = tableEndpoint(AUTH_ENDPOINTS.disconnect);

/** The seeded player who signs in (its login and password as the seed writes them). */
const SPINNER = demoUser('demo.spinner');

/** A visitor's token, as gettoken gave it before the sign-in (the server revokes it on sign-in). */
const VISITOR_TOKEN = `h.${btoa(JSON.stringify({ sub: 'visitor', exp: Math.floor(Date.now() / 1000) + 900 }))}.s`;

startMockApi();
beforeAll(loadEnglish);
beforeEach(() => writeCookie('user_token', VISITOR_TOKEN, 900));
afterEach(() => {
  for (const name of ['user_token', 'user_id']) writeCookie(name, '', 0);
});

/** Opens the form from its button and fills it in. */
async function fillIn(login: string, pass: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  const form = screen.getByRole('form', { name: 'Sign in' });
  await userEvent.type(within(form).getByLabelText('Login'), login);
  await userEvent.type(within(form).getByLabelText('Password'), pass);
  return { form, submit: within(form).getByRole('button', { name: 'Sign in' }) };
}

test('the form is labelled for people and password managers, and opens with the cursor in Login', async () => {
  renderFeature(<SignIn />, { userId: null });
  expect(screen.queryByRole('form')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  const login = screen.getByLabelText('Login');
  const password = screen.getByLabelText('Password');
  expect(login).toHaveFocus();
  expect(login).toHaveAttribute('autocomplete', 'username');
  expect(password).toHaveAttribute('autocomplete', 'current-password');
  expect(password).toHaveAttribute('type', 'password');
  expect(login).toBeRequired();
  expect(password).toBeRequired();
});

test('a player signs in: the server gets login and password once, the frame is signed in as its user', async () => {
  mockServer.use(answer(fastLogin, { user_id: 12 }));
  renderFeature(<SignIn />, { userId: null });
  const { submit } = await fillIn(SPINNER.login, SPINNER.password);
  await userEvent.click(submit);
  await waitFor(() => expect(useGlobalStore.getState().userId).toBe(12));
  expect(requestsTo(fastLogin).map((request) => request.body)).toEqual([
    { login: SPINNER.login, pass: SPINNER.password },
  ]);
  // The visitor's token is revoked by the sign-in: the next call fetches the player's. The user id
  // cookie tells a reloaded page to check the session.
  expect(readCookie('user_token')).toBeUndefined();
  expect(readCookie('user_id')).toBe('12');
  expect(screen.queryByRole('alert')).toBeNull();
});

test.each([
  {
    why: 'wrong login or password',
    refusal: [401, 'wrong_credentials', 'Wrong login or password'] as const,
    headers: undefined,
    says: 'Wrong login or password.',
  },
  {
    why: 'the back-off after failed sign-ins, with the wait the server gives',
    refusal: [429, 'too_many_sign_ins', 'Too many failed sign-ins. Try again in 30 s.'] as const,
    headers: { 'retry-after': '30' },
    says: 'Too many failed sign-ins. Try again in 30 seconds.',
  },
  {
    why: 'the back-off at its longest',
    refusal: [429, 'too_many_sign_ins', 'Too many failed sign-ins. Try again in 900 s.'] as const,
    headers: { 'retry-after': '900' },
    says: 'Too many failed sign-ins. Try again in 15 minutes.',
  },
  {
    why: 'the back-off without a wait',
    refusal: [429, 'too_many_sign_ins', 'Too many failed sign-ins.'] as const,
    headers: undefined,
    says: 'Too many failed sign-ins. Try again later.',
  },
  {
    why: "the address's rate limit",
    refusal: [429, 'rate_limited', 'Rate limit exceeded, retry in 42 seconds'] as const,
    headers: { 'retry-after': '42' },
    says: 'Too many sign-in attempts from your connection. Try again in 42 seconds.',
  },
  {
    why: 'a server error',
    refusal: [500, 'Internal Server Error', 'Internal server error'] as const,
    headers: undefined,
    says: 'Could not sign in. Please try again later.',
  },
])('a refusal for $why says so in its own words; nobody is signed in', async ({ refusal, headers, says }) => {
  const [status, code, message] = refusal;
  mockServer.use(refuse(fastLogin, status, code, message, headers));
  renderFeature(<SignIn />, { userId: null });
  const { submit } = await fillIn(SPINNER.login, 'not-the-password');
  await userEvent.click(submit);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(says, { normalizeWhitespace: true });
  expect(alert.textContent).toBe(says);
  expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(says);
  expect(submit).toBeEnabled();
  expect(useGlobalStore.getState().userId).toBeNull();
  expect(readCookie('user_id')).toBeUndefined();
  expect(requestsTo(fastLogin)).toHaveLength(1);
});

test('a lost connection asks to try again, once (no resend), and the next press signs in', async () => {
  mockServer.use(failNetwork(fastLogin));
  renderFeature(<SignIn />, { userId: null });
  const { submit } = await fillIn(SPINNER.login, SPINNER.password);
  await userEvent.click(submit);
  expect(await screen.findByRole('alert')).toHaveTextContent('The connection was lost. Check it and try again.');
  expect(requestsTo(fastLogin)).toHaveLength(1);
  expect(useGlobalStore.getState().userId).toBeNull();
  mockServer.use(answer(fastLogin, { user_id: 12 }));
  await userEvent.click(submit);
  await waitFor(() => expect(useGlobalStore.getState().userId).toBe(12));
  expect(requestsTo(fastLogin)).toHaveLength(2);
});

test('a double click sends one sign-in, and the button is disabled while it is under way', async () => {
  mockServer.use(answer(fastLogin, { user_id: 12 }, 300));
  renderFeature(<SignIn />, { userId: null });
  const { submit } = await fillIn(SPINNER.login, SPINNER.password);
  await userEvent.dblClick(submit);
  expect(submit).toBeDisabled();
  expect(submit).toHaveAttribute('aria-busy', 'true');
  await waitFor(() => expect(useGlobalStore.getState().userId).toBe(12));
  expect(requestsTo(fastLogin)).toHaveLength(1);
});

test('Cancel closes the form, sends nothing and gives the focus back to Sign in', async () => {
  renderFeature(<SignIn />, { userId: null });
  await fillIn(SPINNER.login, SPINNER.password);
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('form')).toBeNull();
  expect(screen.getByRole('button', { name: 'Sign in' })).toHaveFocus();
  expect(seenNothing()).toBe(true);
});

const seenNothing = () => requestsTo(fastLogin).length === 0 && requestsTo(disconnect).length === 0;

test('a player signs out: the server ends the session once, the frame forgets the token and the player', async () => {
  mockServer.use(answer(disconnect, { success: true }, 100));
  writeCookie('user_id', '12', 60);
  renderFeature(<SignOut />, { userId: 12 });
  const button = screen.getByRole('button', { name: 'Sign out' });
  await userEvent.dblClick(button);
  expect(button).toBeDisabled();
  await waitFor(() => expect(useGlobalStore.getState().userId).toBeNull());
  expect(requestsTo(disconnect)).toHaveLength(1);
  expect(readCookie('user_token')).toBeUndefined();
  expect(readCookie('user_id')).toBeUndefined();
});

test.each([
  { why: 'a lost connection', fail: () => failNetwork(disconnect) },
  { why: 'a refusal', fail: () => refuse(disconnect, 429, 'rate_limited', 'Rate limit exceeded, retry in 5 seconds') },
])('a sign-out that fails ($why) keeps the player signed in and says so', async ({ fail }) => {
  mockServer.use(fail());
  writeCookie('user_id', '12', 60);
  renderFeature(<SignOut />, { userId: 12 });
  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not sign out. Please try again.');
  expect(useGlobalStore.getState().userId).toBe(12);
  expect(readCookie('user_id')).toBe('12');
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeEnabled();
});
