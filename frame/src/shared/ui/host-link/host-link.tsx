import type { HostMessagePayload, HostMessageType } from '@promo/contract';
import type { MouseEvent, ReactNode } from 'react';

/** What a path builder returns: the message type and its data, path included. */
export interface HostTarget<T extends HostMessageType = HostMessageType> {
  type: T;
  data: HostMessagePayload<T> & { path: string };
}

/**
 * A link to a page of the host site. In a plain browser it is an ordinary link (the frame is
 * served on the host site's origin); inside the app or a host page it posts the navigation
 * message instead and the host navigates.
 */
export function HostLink({
  target,
  className,
  children,
  onFollow,
}: {
  target: HostTarget;
  className?: string;
  children: ReactNode;
  /** Runs when the link is followed (a popup closes itself). */
  onFollow?: () => void;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onFollow?.();
    if (!document.documentElement.dataset.host) return;
    event.preventDefault();
    import('../../host-bridge/index.ts')
      .then(({ hostBridge }) => hostBridge.send(target.type, target.data as never))
      .catch((error: unknown) => console.error('host navigation failed', error));
  };
  return (
    <a href={target.data.path} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
