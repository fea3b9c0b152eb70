import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { FRAME_BASENAME } from '../../../shared/config/index.ts';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';

/** Where a link of CMS HTML leads, and so how the frame follows it. */
export type ProseLink =
  | { kind: 'frame'; to: string }
  | { kind: 'host'; path: string }
  | { kind: 'document'; url: string }
  | { kind: 'default' };

/**
 * A link of CMS HTML: a frame page (followed by the router, no reload), a page of the host site
 * (the host navigates), or a document elsewhere (an app webview cannot show it: the app opens it
 * in the browser). Anything else (mail, anchors) is the browser's.
 */
export function classifyProseLink(href: string, frameOrigin: string): ProseLink {
  let url: URL;
  try {
    url = new URL(href, frameOrigin);
  } catch {
    return { kind: 'default' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'default' };
  if (url.origin !== frameOrigin) return { kind: 'document', url: url.href };
  if (url.pathname.startsWith(`${FRAME_BASENAME}/`)) {
    return { kind: 'frame', to: `${url.pathname.slice(FRAME_BASENAME.length)}${url.search}${url.hash}` };
  }
  if (/\.pdf$/i.test(url.pathname)) return { kind: 'document', url: url.href };
  return { kind: 'host', path: `${url.pathname}${url.search}` };
}

/** The click handler of CMS prose: each link followed as classifyProseLink says. */
export function useProseLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  const hostAvailable = useGlobalStore((s) => s.hostAvailable);
  return (event) => {
    const anchor = (event.target as Element).closest?.('a[href]');
    if (!anchor || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    const link = classifyProseLink(anchor.getAttribute('href') ?? '', window.location.origin);
    if (link.kind === 'frame') {
      event.preventDefault();
      void navigate(link.to);
    } else if (link.kind === 'host' && hostAvailable) {
      event.preventDefault();
      hostBridge.send('changeRoute', { path: link.path, isChangeDomain: false });
    } else if (link.kind === 'document' && hostBridge.context().mobileApp) {
      event.preventDefault();
      hostBridge.send('openLinkInBrowser', { url: link.url });
    }
  };
}
