import { LIVE_STANDINGS_EVENT, LIVE_STANDINGS_PATH, liveStandingsEventSchema } from '@promo/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiUrl } from '../../shared/api/http-client.ts';
import { USER_QUERY_PREFIX } from '../../shared/api/index.ts';

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
 * The browser reconnects by itself after a dropped connection; going offline drops the stream at
 * once (a phone changing networks may keep a dead one for minutes) and coming back opens a new one.
 * The first event of each connection carries the current version: the standings are read again if
 * it differs from the last one seen, or, on the first connection, if they were read before the
 * stream began and have changed since the server started (a change in between is not missed). Rows are always whole pages read from the
 * server: nothing is appended, so nothing can be doubled.
 */
export function useLiveStandings(tournamentId: number, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled || tournamentId <= 0 || typeof EventSource === 'undefined') return;
    const startedAt = Date.now();
    let source: EventSource | null = null;
    let seen: number | null = null;
    const readBefore = () =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: ['tournament-results', tournamentId] })
        .some((query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < startedAt);
    const onStandings = (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = liveStandingsEventSchema.safeParse(data);
      if (!parsed.success || parsed.data.tournamentId !== tournamentId) return;
      // Version 0: nothing changed since the server started, so what was read is current.
      const missed = seen === null ? parsed.data.version > 0 && readBefore() : parsed.data.version !== seen;
      if (missed) refreshStandings(queryClient, tournamentId);
      seen = parsed.data.version;
      setOpen(true);
    };
    const onError = () => setOpen(false);
    const disconnect = () => {
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
