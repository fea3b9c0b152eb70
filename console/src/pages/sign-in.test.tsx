import { CONSOLE_ENDPOINTS, type StaffSignIn } from '@promo/contract';
import { screen, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { staff } from '../test/fixtures.ts';
import { answer, handle, mockServer, refusal, requestsTo, startMockApi } from '../test/mock-api.ts';
import { pathOf, renderConsole, signedInAs } from '../test/render.tsx';
import { nextPath } from './sign-in.tsx';

startMockApi();

const promotionsEmpty = () => answer(CONSOLE_ENDPOINTS.promotions, { items: [], total: 0, page: 1, size: 25 });

test('a page of the console asks a signed-out member to sign in, then goes to the page asked for', async () => {
  signedInAs(null);
  mockServer.use(
    answer(CONSOLE_ENDPOINTS.signIn, staff('editor')),
    answer(CONSOLE_ENDPOINTS.audit, { items: [], next: null }),
  );
  const { user, router } = await renderConsole('/audit?staff=demo-editor');
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeInTheDocument();
  expect(pathOf(router)).toBe(`/sign-in?next=${encodeURIComponent('/audit?staff=demo-editor')}`);

  await user.type(screen.getByLabelText('Login'), 'demo-editor');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  // Signed in, GET me answers the member.
  signedInAs(staff('editor'));
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
  expect(pathOf(router)).toBe('/audit?staff=demo-editor');
  const [sent] = requestsTo(CONSOLE_ENDPOINTS.signIn);
  expect(sent?.body).toEqual({ login: 'demo-editor', password: 'correct horse' } satisfies StaffSignIn);
  expect(sent?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
  expect(sent?.headers.get('accept-language')).toBe('en');
});

test('a wrong password is read out, in the server words', async () => {
  signedInAs(null);
  mockServer.use(handle(CONSOLE_ENDPOINTS.signIn, () => refusal(401, 'bad_credentials', 'Wrong login or password')));
  const { user } = await renderConsole('/sign-in');
  await user.type(await screen.findByLabelText('Login'), 'demo-editor');
  await user.type(screen.getByLabelText('Password'), 'nope');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  const problem = await screen.findByText('Wrong login or password');
  expect(problem).toHaveAttribute('aria-live', 'assertive');
  expect(screen.queryByLabelText('Authenticator code')).not.toBeInTheDocument();
});

test('a publisher is asked for the authenticator code, which goes with the second try', async () => {
  signedInAs(null);
  mockServer.use(
    handle(CONSOLE_ENDPOINTS.signIn, (seen) =>
      (seen.body as StaffSignIn).code === '123456'
        ? { status: 200, body: staff('publisher') }
        : refusal(401, 'second_factor_required', 'Enter the code'),
    ),
    promotionsEmpty(),
  );
  const { user, router } = await renderConsole('/sign-in');
  await user.type(await screen.findByLabelText('Login'), 'demo-publisher');
  await user.type(screen.getByLabelText('Password'), 'secret');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  const code = await screen.findByLabelText('Authenticator code');
  expect(code).toHaveAttribute('inputmode', 'numeric');
  expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  expect(code).toHaveFocus();
  expect(screen.getByText(/Your role signs in with a second factor/)).toBeInTheDocument();

  // Five digits is not a code: the schema's rule, in the console's words, beside the field.
  await user.type(code, '12345');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Six digits.')).toBeInTheDocument();
  expect(code).toHaveAttribute('aria-invalid', 'true');
  expect(requestsTo(CONSOLE_ENDPOINTS.signIn)).toHaveLength(1);

  await user.type(code, '6');
  signedInAs(staff('publisher'));
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(pathOf(router)).toBe('/promotions'));
  expect(requestsTo(CONSOLE_ENDPOINTS.signIn).at(-1)?.body).toEqual({
    login: 'demo-publisher',
    password: 'secret',
    code: '123456',
  });
});

test.each([
  [null, '/promotions'],
  ['/audit?entity=promotion', '/audit?entity=promotion'],
  ['//evil.example/x', '/promotions'],
  ['https://evil.example/', '/promotions'],
  ['/sign-in?next=/audit', '/promotions'],
])('after signing in, next=%s goes to %s', (asked, path) => {
  expect(nextPath(asked)).toBe(path);
});
