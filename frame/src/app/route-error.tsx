import { lazy, useEffect, useState } from 'react';
import { useRevalidator, useRouteError } from 'react-router';
import { FRAME_BASENAME } from '../shared/config/index.ts';
import { isChunkLoadError, normalizeError, shouldReloadAfterChunkError } from '../shared/lib/index.ts';
import { HydratingSuspense } from '../shared/lib/rendering/index.ts';
import { ErrorPageBoundary } from './error-page-boundary.tsx';
import { useHostIntegration } from './host/use-host-integration.ts';
import { AppSplash } from './layouts/app-splash.tsx';

/**
 * The error page is its own chunk: normal pages never pay for it. If that chunk cannot load, the
 * ErrorPageBoundary around it shows the plain fallback.
 */
const ErrorPage = lazy(() => import('../pages/errors/index.ts').then((m) => ({ default: m.ErrorPage })));

/**
 * Root error element. A failed chunk load reloads the page once per 60 s (a new deploy replaced
 * the files); everything else shows the error page with the normalised status code.
 */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const chunkError = isChunkLoadError(error);
  // The guard writes its reload mark, so it is asked after the commit, not while rendering: a render
  // can run twice (a transition thrown away and replayed), and the second ask was refused.
  const [reloading, setReloading] = useState(chunkError);
  const { statusCode, message } = normalizeError(error);
  // The error element replaces the layout: it keeps the host connected (init and height, even when
  // the config never loaded).
  useHostIntegration();

  useEffect(() => {
    if (chunkError && shouldReloadAfterChunkError()) {
      window.location.reload();
      return;
    }
    setReloading(false);
    // Status and words: the same line whether the error was thrown here or came with the server's page.
    console.error('route error', statusCode, message);
  }, [chunkError, statusCode, message]);

  if (reloading) return <AppSplash />;
  return (
    <ErrorPageBoundary homeHref={`${FRAME_BASENAME}/`}>
      <HydratingSuspense fallback={null}>
        <ErrorPage
          statusCode={statusCode}
          onRetry={statusCode === 404 ? undefined : () => void revalidator.revalidate()}
        />
      </HydratingSuspense>
    </ErrorPageBoundary>
  );
}
