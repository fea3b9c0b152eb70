import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from './api/queries.ts';
import { CONSOLE_BASENAME, routes } from './app/routes.tsx';
import { createI18n } from './i18n/i18n.ts';

async function start(container: HTMLElement) {
  const i18n = await createI18n();
  const client = createQueryClient();
  const router = createBrowserRouter(routes, { basename: CONSOLE_BASENAME });
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void start(container);
