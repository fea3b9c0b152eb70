import { isLanguageCode, isRtlLanguage, type RouteDictionaryUnit, type SiteConfig } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, MiddlewareFunction } from 'react-router';
import { siteConfigQuery } from '../../shared/api/index.ts';
import { FRAME_DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from '../../shared/config/index.ts';
import { resolveLanguage, StatusError, writeCookie } from '../../shared/lib/index.ts';
import { type RequestScope, scopeOf } from '../../shared/model/index.ts';
import { checkSiteConfig } from '../config-checks.ts';
import { loadDictionaryUnits } from './dictionary-units.ts';
import { type RootData, rootDataContext } from './root-data.ts';
import { clientOf } from './route-context.ts';

/** The language the previous route resolved to (spec 4 fallback chain); none on the server. */
let previousLanguage: string | null = null;
const onServer = typeof window === 'undefined';

/** Segments after the basename: a non-language lng param is only valid as a lone section. */
function segmentCount(request: Request, basename: string): number {
  const path = new URL(request.url).pathname.slice(basename.length);
  return path.split('/').filter(Boolean).length;
}

async function loadConfig(queryClient: QueryClient, lang: string): Promise<SiteConfig> {
  try {
    return await queryClient.ensureQueryData(siteConfigQuery(lang));
  } catch (error) {
    console.error('server data error message', error);
    throw error;
  }
}

/**
 * Spec 4: the route language if the config offers it, else the previous route's, else the language
 * cookie, else the default; the config and dictionary of that language installed. The dictionary
 * units of the page load beside the config; when the language changes they are in before the page
 * still on screen switches to it, so it never shows their keys empty (otherwise the routes' own
 * middleware waits for them beside the page's data).
 */
async function enterResolvedLanguage(
  queryClient: QueryClient,
  routeLng: string | null,
  units: readonly RouteDictionaryUnit[] = [],
): Promise<string> {
  const scope = scopeOf(queryClient);
  const cookieLng = scope.cookie(LANGUAGE_COOKIE) ?? null;
  const previous = onServer ? null : previousLanguage;
  const firstGuess = [routeLng, previous, cookieLng].find(isLanguageCode) ?? FRAME_DEFAULT_LANGUAGE;

  // Beside the config: the language is most often the first guess.
  let unitsLoaded = loadDictionaryUnits(queryClient, firstGuess, units);
  let config = await loadConfig(queryClient, firstGuess);
  const lng = resolveLanguage(
    { route: routeLng, previous, cookie: cookieLng },
    config.languages.map((l) => l.code),
    config.mainLanguage.locale,
  );
  if (config.lang !== lng) config = await loadConfig(queryClient, lng);
  if (lng !== firstGuess) unitsLoaded = loadDictionaryUnits(queryClient, lng, units);
  if (scope.i18n.instance.language !== lng) await unitsLoaded;

  await enterLanguage(scope, config, lng);
  return lng;
}

/**
 * Runs before any page (router middleware runs before every loader): resolves the language, loads
 * the site config and dictionary for it and puts them in the global state, so the layout renders
 * only with a loaded config. `unitsOf` names the dictionary units of the routes a path matches.
 */
export function createRootMiddleware(
  basename: string,
  unitsOf: (pathname: string) => RouteDictionaryUnit[],
): MiddlewareFunction {
  return async ({ params, request, context }) => {
    const queryClient = clientOf({ context });
    const raw = params.lng;
    const routeLng = isLanguageCode(raw) ? raw : null;
    // A non-language lng param is only valid as a lone CMS section, e.g. /promo-frame/about.
    if (raw !== undefined && !routeLng && segmentCount(request, basename) !== 1) {
      // Its 404 page (/promo-frame/foo/bar) still speaks the visitor's language: the previous
      // route's, the cookie's or the default (spec 2, 4). Without a config it reads the offline texts.
      await enterResolvedLanguage(queryClient, null).catch((error: unknown) =>
        console.error('the 404 page has no language of its own', error),
      );
      throw new StatusError('This page could not be found', 404);
    }
    const lng = await enterResolvedLanguage(queryClient, routeLng, unitsOf(new URL(request.url).pathname));
    rememberRouteLanguage(routeLng, lng);
    context.set(rootDataContext, { lng });
  };
}

/** A language the route named and the page speaks is remembered in the language cookie (spec 4). */
export function rememberRouteLanguage(routeLng: string | null | undefined, lng: string): void {
  if (routeLng === lng) writeCookie(LANGUAGE_COOKIE, lng, LANGUAGE_COOKIE_MAX_AGE_S);
}

/**
 * The page's language with its config: the dictionary installed, the global state set. Run by the
 * root middleware, and by a client hydrating a server-rendered page (whose middleware ran on the
 * server).
 */
export async function enterLanguage({ i18n, store }: RequestScope, config: SiteConfig, lng: string): Promise<void> {
  // The extra block's texts (spec 5) go over the dictionary's; a wrong block is logged and left out.
  await i18n.applyDictionary(lng, config.dictionary, checkSiteConfig(config));
  if (!onServer) previousLanguage = lng;
  const { siteConfig: previousConfig, geoCurrencyCode } = store.getState();
  store.setState({
    siteConfig: config,
    currentLanguage: lng,
    isRtl: isRtlLanguage(lng),
    // A visitor's currency: the site's for their region until the host names one.
    geoCurrencyCode: previousConfig === null ? config.currency.code : geoCurrencyCode,
  });
}

/** Hands the middleware's result to the components (useRouteLoaderData('root')). */
export const rootLoader = ({ context }: LoaderFunctionArgs): RootData => context.get(rootDataContext);
