import { Outlet } from 'react-router';

/** Spec 2: no chrome at all (blocked page). */
export function EmptyLayout() {
  return <Outlet />;
}
