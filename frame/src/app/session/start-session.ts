import { USER_TOKEN_COOKIE } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { countersQuery } from '../../entities/counter/index.ts';
import { fetchSessionUser } from '../../entities/user/index.ts';
import { readCookie, readHostPrefs } from '../../shared/lib/browser/index.ts';
import { useGlobalStore } from '../../shared/model/index.ts';
import { fieldsSetByHost, stateFromUpdate } from '../host/apply-site-config-update.ts';

let applied = false;

/**
 * Applies the host-preference cookies once per page; a field a host message already set is left
 * alone (the message is fresher). The user id cookie is not trusted as a sign-in: it only tells
 * that a session may exist, and the session check decides.
 */
export function applyHostPrefCookies(): { userIdHint: boolean } {
  const { update, refGroupId } = readHostPrefs(readCookie);
  const { userId, ...cookies } = update;
  const prefs = Object.fromEntries(Object.entries(cookies).filter(([key]) => !fieldsSetByHost.has(key)));
  if (!applied) {
    applied = true;
    useGlobalStore.setState({ ...stateFromUpdate(prefs, useGlobalStore.getState()), refGroupId });
  }
  return { userIdHint: userId !== undefined && userId !== null };
}

/**
 * Start of every frame page (after the first paint): host preferences from the cookies, then the
 * session check (sessions/user) when a session may exist, so a reloaded frame (chunk reload, new
 * frame URL, host re-rendering the iframe) knows its signed-in player without waiting for the host.
 */
export async function startSession(queryClient: QueryClient): Promise<void> {
  const { userIdHint } = applyHostPrefCookies();
  loadCounters(queryClient);
  if (!userIdHint && readCookie(USER_TOKEN_COOKIE) === undefined) return;
  try {
    const { user_id } = await fetchSessionUser();
    // The host may have spoken meanwhile (sign-in or sign-out): its word wins.
    if (user_id !== null && useGlobalStore.getState().userId === null) useGlobalStore.setState({ userId: user_id });
  } catch (error) {
    // Spec 8: a failed session check is logged and the flow goes on.
    console.warn('Session check failure:', error);
  }
}

/** The host's domain: the embedding page's when framed, else the frame's own (same site). */
function hostDomain(): string {
  try {
    const parent = window.location.ancestorOrigins?.[0] ?? (window.parent !== window ? document.referrer : '');
    if (parent) return new URL(parent).hostname;
  } catch {
    // An opaque referrer: the frame's own domain is the best guess.
  }
  return window.location.hostname;
}

/** Spec 7 counters call: the analytics counters of this project on the host's domain, cached. */
function loadCounters(queryClient: QueryClient): void {
  const projectId = useGlobalStore.getState().siteConfig?.config.projectId;
  if (projectId === undefined) return;
  queryClient
    .prefetchQuery(countersQuery(projectId, hostDomain()))
    .catch((error: unknown) => console.warn('counters call failed', error));
}
