import { LANGUAGE_COOKIE, SITE_CONFIG_PATH, type SiteConfig, siteConfigSchema } from '@promo/contract';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import ar from '../../../../server/locales/ar/common.json' with { type: 'json' };
import en from '../../../../server/locales/en/common.json' with { type: 'json' };
import ru from '../../../../server/locales/ru/common.json' with { type: 'json' };
import { endpoint, refuse } from '../../../mock-api/contract-api.ts';
import { mockServer, startMockApi } from '../../../mock-api/node.ts';

// The error page's reports (tested with the page) stay out of this test.
vi.mock('../../shared/analytics/index.ts', () => ({
  analytics: () => ({ pageNotFound: () => undefined, bonusRulesOffered: () => undefined, pageView: () => undefined }),
}));

const DICTIONARIES: Record<string, Record<string, string>> = { en, ru, ar };

startMockApi();

/** The parts of the site config the root middleware and the error page read, in one language. */
const configIn = (lng: string) =>
  ({
    lang: lng,
    languages: Object.keys(DICTIONARIES).map((code, id) => ({ id, title: code, code })),
    mainLanguage: { id: 0, locale: 'en' },
    dictionary: DICTIONARIES[lng],
    currency: { code: 'USD' },
    uiStyle: {},
    iframe: { allowedHostOrigins: [] },
  }) as unknown as SiteConfig;

const setLanguageCookie = (value: string | null) => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar is what the middleware reads
  document.cookie = `${LANGUAGE_COOKIE}=${value ?? ''}; path=/${value === null ? '; max-age=0' : ''}`;
};

afterEach(() => {
  cleanup();
  setLanguageCookie(null);
  vi.restoreAllMocks();
});

/**
 * Visits `paths` in turn inside one frame (the first a page load, the others client-side
 * navigations), with the language cookie set to `cookie` before the last one; returns the error
 * page's language as the visitor meets it. The frame's modules are fresh: the previous route's
 * language is remembered for the page's life.
 */
async function lastErrorPage(paths: string[], cookie: string | null) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.resetModules();
  const { createRoutes } = await import('./routes.tsx');
  // The context's key of the modules just loaded (the modules were reset).
  const { routerContextFor } = await import('./route-context.ts');
  const { siteConfigQuery } = await import('../../shared/api/index.ts');
  const { i18n } = await import('../../shared/i18n/index.ts');
  const queryClient = new QueryClient();
  for (const lng of Object.keys(DICTIONARIES)) queryClient.setQueryData(siteConfigQuery(lng).queryKey, configIn(lng));
  // The server answers a language it lacks with its main language's config.
  queryClient.setQueryData(siteConfigQuery('de').queryKey, configIn('en'));
  const [first = '', ...rest] = paths;
  // The router starts its first navigation (the middleware) as it is made.
  if (rest.length === 0) setLanguageCookie(cookie);
  const router = createMemoryRouter(createRoutes('/promo-frame'), {
    basename: '/promo-frame',
    getContext: () => routerContextFor(queryClient),
    initialEntries: [first],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  // The first page loads the error page's code: more than the default second on a busy machine.
  await screen.findByRole('heading', { level: 1, name: '404' }, { timeout: 10_000 });
  for (const [index, path] of rest.entries()) {
    if (index === rest.length - 1) setLanguageCookie(cookie);
    await act(() => router.navigate(path));
  }
  await screen.findByRole('heading', { level: 1, name: '404' });
  const nav = screen.getByRole('navigation');
  return {
    message: screen.getByTestId('error-message').textContent,
    nav: nav.getAttribute('aria-label'),
    links: within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
    html: [document.documentElement.lang, document.documentElement.dir],
  };
}

/** The error page in a language: its words and links as the dictionary of that language has them. */
const errorPageIn = (lng: string) => {
  const t = DICTIONARIES[lng] ?? {};
  return {
    message: t.error_page_message_404,
    nav: t.error_page_nav_label,
    links: [
      [t.error_page_home_link, `/promo-frame/${lng}`],
      [t.error_page_nav_promotions, `/promo-frame/${lng}/promotion`],
      [t.error_page_nav_lotteries, `/promo-frame/${lng}/lotto`],
      [t.error_page_nav_bonus_rules, '/bonus/rules'],
    ],
    html: [lng, lng === 'ar' ? 'rtl' : 'ltr'],
  };
};

// Spec 4: the route's language, else the previous route's, else the language cookie, else the default.
test.each([
  { source: 'the route language', paths: ['/promo-frame/ar/no/such/page'], cookie: 'ru', lng: 'ar' },
  {
    source: 'the previous route language (before the cookie)',
    paths: ['/promo-frame/ru/no/such/page', '/promo-frame/foo/bar'],
    cookie: 'ar',
    lng: 'ru',
  },
  { source: 'the language cookie (ru)', paths: ['/promo-frame/foo/bar'], cookie: 'ru', lng: 'ru' },
  { source: 'the language cookie (ar, right to left)', paths: ['/promo-frame/foo/bar'], cookie: 'ar', lng: 'ar' },
  { source: 'the default (no cookie)', paths: ['/promo-frame/foo/bar'], cookie: null, lng: 'en' },
  { source: 'the default (a cookie language the site lacks)', paths: ['/promo-frame/x/y/z'], cookie: 'de', lng: 'en' },
])(
  'the 404 page speaks $source: $paths',
  async ({ paths, cookie, lng }) => {
    expect(await lastErrorPage(paths, cookie)).toEqual(errorPageIn(lng));
  },
  // Each case loads the frame's routes and its error page afresh: seconds on a busy 2-core machine.
  30_000,
);

// Spec 8: a config that does not load is logged with the prefix 'server data error message', and the
// page's load is rejected: the error page, with the config's status.
test('a config that does not load is logged as server data error message; the page is the error page', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // The error page renders without a dictionary: its missing keys are warned of, not the point here.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  mockServer.use(refuse(endpoint('GET', SITE_CONFIG_PATH, siteConfigSchema), 503, 'unavailable', 'Maintenance'));
  vi.resetModules();
  const { createRoutes } = await import('./routes.tsx');
  // The context's key of the modules just loaded (the modules were reset).
  const { routerContextFor } = await import('./route-context.ts');
  const { i18n } = await import('../../shared/i18n/index.ts');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createRoutes('/promo-frame'), {
    basename: '/promo-frame',
    getContext: () => routerContextFor(queryClient),
    initialEntries: ['/promo-frame/en/lotto'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: '503' }, { timeout: 10_000 });
  expect(logged).toHaveBeenCalledWith('server data error message', expect.objectContaining({ statusCode: 503 }));
  expect(screen.queryByRole('heading', { level: 1, name: 'World lotteries' })).toBeNull();
}, 30_000);
