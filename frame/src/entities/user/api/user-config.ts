import { AUTH_ENDPOINTS, type UserConfig } from '@promo/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { callEndpoint, userQueryKey } from '../../../shared/api/index.ts';
import { type GlobalState, scopeOf, useGlobalStore, usePlayerQuery } from '../../../shared/model/index.ts';

/** GET getuserconfig: the signed-in user's country. Keyed by user so that accounts never mix. */
export const userConfigQuery = (userId: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'config'),
    queryFn: ({ signal, client }) => callEndpoint(AUTH_ENDPOINTS.userConfig, { params: {}, signal, client }),
    staleTime: 10 * 60_000,
  });

/** A visitor's country: the one the host named, else the site config's (the visitor's region). */
const visitorCountry = (state: GlobalState): string | null =>
  state.userCountry.code ?? state.siteConfig?.country.code ?? null;

/**
 * The country pages are offered by, in capitals: the signed-in player's (the session's), else the
 * visitor's; null while none is known.
 */
export const playerCountry = (config: UserConfig | undefined, visitor: string | null): string | null =>
  (config?.result.user_country_code ?? visitor)?.toUpperCase() ?? null;

/** playerCountry of the signed-in player (their user config loads when needed) or of the visitor. */
export function usePlayerCountry(): string | null {
  const visitor = useGlobalStore(visitorCountry);
  const { data } = usePlayerQuery(userConfigQuery);
  return playerCountry(data, visitor);
}

/** The player's country for a loader: waits for the user config of a signed-in player (cached). */
export async function loadPlayerCountry(client: QueryClient): Promise<string | null> {
  const state = scopeOf(client).store.getState();
  if (state.userId === null) return playerCountry(undefined, visitorCountry(state));
  const config = await client.ensureQueryData(userConfigQuery(state.userId)).catch(() => undefined);
  return playerCountry(config, visitorCountry(state));
}
