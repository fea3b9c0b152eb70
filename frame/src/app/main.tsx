import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { shouldRetryQuery } from '../shared/api/index.ts';
import { FRAME_BASENAME } from '../shared/config/index.ts';
import { i18n } from '../shared/i18n/index.ts';
import { scheduleIdlePrefetch } from '../shared/lib/idle-prefetch.ts';
import { modalQueue } from '../shared/ui/modal-queue/index.ts';
import { likelyNextRoutes } from './router/prefetch.ts';
import { createRoutes } from './router/routes.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false } },
});
const router = createBrowserRouter(createRoutes(queryClient, FRAME_BASENAME), { basename: FRAME_BASENAME });

// Spec 4: every popup's open and close is an analytics event.
modalQueue.onEvent(({ type, name }) => {
  import('../shared/analytics/index.ts')
    .then(({ analytics }) => analytics().track(type === 'open' ? 'modal_open' : 'modal_close', { modal: name }))
    .catch(() => undefined);
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>
  </StrictMode>,
);

// Spec 9: the likely next pages' code loads while the player reads this one.
scheduleIdlePrefetch(likelyNextRoutes(window.location.pathname.slice(FRAME_BASENAME.length)));
