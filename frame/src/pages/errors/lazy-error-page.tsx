import { lazy, Suspense } from 'react';
import type { ErrorPageProps } from './error-page.tsx';

const ErrorPage = lazy(() => import('./error-page.tsx').then((m) => ({ default: m.ErrorPage })));

/**
 * The error page as its own chunk: normal pages never pay for it. If the chunk itself cannot load,
 * the ErrorPageBoundary around it shows the plain fallback.
 */
export function LazyErrorPage(props: ErrorPageProps) {
  return (
    <Suspense fallback={null}>
      <ErrorPage {...props} />
    </Suspense>
  );
}
