import { CONSOLE_ENDPOINTS, type StaffMe } from '@promo/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/queries.ts';
import { CONSOLE_BASENAME, routes } from '../app/routes.tsx';
import { type ConsoleLanguage, createI18n } from '../i18n/i18n.ts';
import { answer, mockServer, refuse } from './mock-api.ts';

/** The signed-in member (GET me answers it), or nobody (401 staff_session). */
export function signedInAs(me: StaffMe | null): void {
  mockServer.use(
    me === null
      ? refuse(CONSOLE_ENDPOINTS.me, 401, 'staff_session', 'Sign in first')
      : answer(CONSOLE_ENDPOINTS.me, me),
  );
}

/** The whole console at a path (under its base), as a browser would show it. */
export async function renderConsole(path: string, { language = 'en' }: { language?: ConsoleLanguage } = {}) {
  const i18n = await createI18n(language);
  const client = createQueryClient({ retry: false });
  const router = createMemoryRouter(routes, {
    basename: CONSOLE_BASENAME,
    initialEntries: [`${CONSOLE_BASENAME}${path}`],
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, client, i18n, user };
}

/** Where the router is, without the console's base. */
export const pathOf = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname.replace(CONSOLE_BASENAME, '')}${router.state.location.search}`;
