import { type ReactNode, Suspense, useEffect, useId } from 'react';
import { boundaryCommitted, boundaryRendered } from './hydration-settled.ts';

/** Strikes its boundary off once the content it is part of has committed (hydrated or rendered). */
function Committed({ id, children }: { id: string; children: ReactNode }) {
  useEffect(() => boundaryCommitted(id), [id]);
  return children;
}

/**
 * The frame's Suspense boundary: a Suspense that tells hydration-settled.ts when a server-rendered
 * boundary has hydrated, so that a host's update waits for it. Use it for every boundary.
 */
export function HydratingSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const id = useId();
  // Idempotent (a set by id), so a render React repeats or throws away names it once.
  boundaryRendered(id);
  useEffect(() => () => boundaryCommitted(id), [id]);
  return (
    <Suspense fallback={fallback}>
      <Committed id={id}>{children}</Committed>
    </Suspense>
  );
}
