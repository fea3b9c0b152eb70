import { type ReactNode, Suspense, useEffect, useId, useLayoutEffect } from 'react';
import { boundaryCommitted, boundaryMounted } from './hydration-settled.ts';

/**
 * Strikes its boundary off once the content it is part of has committed (hydrated or rendered): a
 * passive effect, which runs after every layout effect of its commit.
 */
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
  // Named when the boundary itself commits, not when it renders: React may throw a render away
  // (an update during hydration), and a name given then would never be struck off. A layout
  // effect, so that it runs before the passive effect of its content committed in the same pass.
  useLayoutEffect(() => {
    boundaryMounted(id);
    return () => boundaryCommitted(id);
  }, [id]);
  return (
    <Suspense fallback={fallback}>
      <Committed id={id}>{children}</Committed>
    </Suspense>
  );
}
