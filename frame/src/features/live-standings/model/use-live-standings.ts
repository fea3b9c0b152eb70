import { LIVE_STANDINGS_EVENT, LIVE_STANDINGS_PATH, liveStandingsEventSchema } from '@promo/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiUrl, USER_QUERY_PREFIX } from '../../../shared/api/index.ts';

/** Reads a tournament's standings again: its info, every page of results and ratings, the player's row. */
export function refreshStandings(queryClient: QueryClient, tournamentId: number): void {
  void queryClient.invalidateQueries({ queryKey: ['tournament', tournamentId] });
  void queryClient.invalidateQueries({ queryKey: ['tournament-results', tournamentId] });
  void queryClient.invalidateQueries({ queryKey: ['tournament-rating', tournamentId] });
  void queryClient.invalidateQueries({
    queryKey: USER_QUERY_PREFIX,
    predicate: (query) => query.queryKey.includes('tournament-user') && query.queryKey.at(-1) === tournamentId,
  });
}

/**
 * Keeps a tournament's standings live while `enabled`, and says whether the stream is open: the
 * server sends an event with a version each time they change, and the standings are read again.
 * The first event of each connection carries the current version and the server's start: the
 * standings are read again if either differs from the last seen, or, on the first connection, if
 * anything changed since the server started (what the page read may be older than the stream).
 * The browser reconnects by itself after a dropped connection; one it gives up on (an error
 * answer) is opened again after a pause, and going offline drops the stream at once (a phone
 * changing networks may keep a dead one for minutes) until the page is back online. Rows are
 * always whole pages read from the server: nothing is appended, so nothing can be doubled.
 */
export function useLiveStandings(tournamentId: number, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled || tournamentId <= 0 || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let seen: { boot: string; version: number } | null = null;
    const onStandings = (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = liveStandingsEventSchema.safeParse(data);
      if (!parsed.success || parsed.data.tournamentId !== tournamentId) return;
      const { boot, version } = parsed.data;
      const missed = seen === null ? version > 0 : boot !== seen.boot || version !== seen.version;
      if (missed) refreshStandings(queryClient, tournamentId);
      seen = { boot, version };
      setOpen(true);
    };
    const disconnect = () => {
      clearTimeout(retry);
      source?.removeEventListener(LIVE_STANDINGS_EVENT, onStandings);
      source?.removeEventListener('error', onError);
      source?.close();
      source = null;
      setOpen(false);
    };
    const connect = () => {
      disconnect();
      source = new EventSource(apiUrl(LIVE_STANDINGS_PATH(tournamentId)));
      source.addEventListener(LIVE_STANDINGS_EVENT, onStandings);
      source.addEventListener('error', onError);
    };
    function onError() {
      setOpen(false);
      // An error answer (a 502 while the server restarts) ends the stream for good: try again.
      if (source?.readyState === EventSource.CLOSED && navigator.onLine) retry = setTimeout(connect, LIVE_RETRY_MS);
    }
    connect();
    window.addEventListener('offline', disconnect);
    window.addEventListener('online', connect);
    return () => {
      window.removeEventListener('offline', disconnect);
      window.removeEventListener('online', connect);
      disconnect();
    };
  }, [queryClient, tournamentId, enabled]);
  return open;
}

/** The pause before a stream the browser gave up on is opened again. */
const LIVE_RETRY_MS = 5000;
