import { isLanguageCode, isRtlLanguage, type RouteDictionaryUnit, type SiteConfig } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, MiddlewareFunction } from 'react-router';
import { siteConfigQuery } from '../../shared/api/index.ts';
import { FRAME_DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from '../../shared/config/index.ts';
import { applyDictionary, i18n } from '../../shared/i18n/index.ts';
import { readCookie, resolveLanguage, StatusError, writeCookie } from '../../shared/lib/index.ts';
import { useGlobalStore } from '../../shared/model/index.ts';
import { loadDictionaryUnits } from './dictionary-units.ts';
import { type RootData, rootDataContext } from './root-data.ts';

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
 * Runs before any page (router middleware runs before every loader): resolves the language, loads
 * the site config and dictionary for it and puts them in the global state, so the layout renders
 * only with a loaded config. `unitsOf` names the dictionary units of the routes a path matches:
 * when the language changes they are loaded before the page that is still on screen switches to
 * it, so it never shows their keys empty; otherwise the routes' own middleware loads them beside
 * the page's data.
 */
export function createRootMiddleware(
  queryClient: QueryClient,
  basename: string,
  unitsOf: (pathname: string) => RouteDictionaryUnit[],
): MiddlewareFunction {
  return async ({ params, request, context }) => {
    const raw = params.lng;
    const routeLng = isLanguageCode(raw) ? raw : null;
    // A non-language lng param is only valid as a lone CMS section, e.g. /promo-frame/about.
    if (raw !== undefined && !routeLng && segmentCount(request, basename) !== 1) {
      throw new StatusError('This page could not be found', 404);
    }
    const cookieLng = readCookie(LANGUAGE_COOKIE) ?? null;
    const previous = onServer ? null : previousLanguage;
    const firstGuess = [routeLng, previous, cookieLng].find(isLanguageCode) ?? FRAME_DEFAULT_LANGUAGE;

    const units = unitsOf(new URL(request.url).pathname);
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
    if (i18n.language !== lng) await unitsLoaded;

    await enterLanguage(config, lng);
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
export async function enterLanguage(config: SiteConfig, lng: string): Promise<void> {
  await applyDictionary(lng, config.dictionary);
  if (!onServer) previousLanguage = lng;
  const { siteConfig: previousConfig, geoCurrencyCode } = useGlobalStore.getState();
  useGlobalStore.setState({
    siteConfig: config,
    currentLanguage: lng,
    isRtl: isRtlLanguage(lng),
    // A visitor's currency: the site's for their region until the host names one.
    geoCurrencyCode: previousConfig === null ? config.currency.code : geoCurrencyCode,
  });
}

/** Hands the middleware's result to the components (useRouteLoaderData('root')). */
export const rootLoader = ({ context }: LoaderFunctionArgs): RootData => context.get(rootDataContext);
