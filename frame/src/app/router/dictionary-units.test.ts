import { CONFIG_ENDPOINTS, type RouteDictionaryUnit } from '@promo/contract';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { answer, failNetwork, refuse, requestsTo, tableEndpoint } from '../../../mock-api/contract-api.ts';
import { mockServer, startMockApi } from '../../../mock-api/node.ts';
import { applyDictionary, i18n } from '../../shared/i18n/index.ts';
import { dictionaryMiddleware, loadDictionaryUnits } from './dictionary-units.ts';
import { rootDataContext } from './root-data.ts';
import { routerContextFor } from './route-context.ts';

const unitEndpoint = (unit: RouteDictionaryUnit) =>
  tableEndpoint(CONFIG_ENDPOINTS.dictionaryUnit, { file: `${unit}.json` });
const lotto = unitEndpoint('lotto');
const promotions = unitEndpoint('promotions');

const LOTTO = { lang: 'ru', unit: 'lotto', dictionary: { lotto_results_title: 'Результаты тиражей' } } as const;
const PROMOTIONS = { lang: 'ru', unit: 'promotions', dictionary: { promo_section_title: 'Акции' } } as const;

/** The route's page: the test reads the router's state, not the page. */
const NoPage = () => null;

startMockApi();
let errors: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // A fresh language for each test: the shell's unit (the config's) only.
  i18n.removeResourceBundle('ru', 'translation');
  await applyDictionary('ru', { app_title: 'Акции и бонусы' });
});
afterEach(() => vi.restoreAllMocks());

test('the units a page names are loaded together, and their keys read in the language', async () => {
  mockServer.use(answer(lotto, LOTTO), answer(promotions, PROMOTIONS));
  await loadDictionaryUnits(new QueryClient(), 'ru', ['lotto', 'promotions']);
  expect(i18n.t('lotto_results_title')).toBe('Результаты тиражей');
  expect(i18n.t('promo_section_title')).toBe('Акции');
  expect(i18n.t('app_title')).toBe('Акции и бонусы');
  expect(errors).not.toHaveBeenCalled();
});

test.each([
  ['the server refuses it', refuse(lotto, 503, 'unavailable', 'Service unavailable')],
  ['the connection fails', failNetwork(lotto)],
])(
  'a unit that fails (%s) is logged by name, its keys read empty, and the other units load',
  async (_name, failing) => {
    mockServer.use(failing, answer(promotions, PROMOTIONS));
    await loadDictionaryUnits(new QueryClient(), 'ru', ['lotto', 'promotions']);
    expect(errors).toHaveBeenCalledWith(
      'i18n: the dictionary unit "lotto" (ru) did not load; its texts are empty',
      expect.anything(),
    );
    expect(i18n.t('lotto_results_title')).toBe('');
    expect(i18n.t('promo_section_title')).toBe('Акции');
  },
);

test('a unit is fetched once per language: the next page that names it takes it from the cache', async () => {
  mockServer.use(answer(lotto, LOTTO));
  const queryClient = new QueryClient();
  await loadDictionaryUnits(queryClient, 'ru', ['lotto']);
  await loadDictionaryUnits(queryClient, 'ru', ['lotto']);
  expect(requestsTo(lotto)).toHaveLength(1);
});

test("a route's units load while its loader fetches the page's data, and the page renders with both", async () => {
  let releaseData: () => void = () => undefined;
  const data = new Promise<void>((resolve) => {
    releaseData = resolve;
  });
  // The unit's answer takes a while: the loader starts meanwhile, not after it.
  mockServer.use(answer(lotto, LOTTO, 200));
  const queryClient = new QueryClient();
  const unitRequested = vi.fn();
  const routes: RouteObject[] = [
    {
      path: '/',
      middleware: [({ context }) => context.set(rootDataContext, { lng: 'ru' })],
      children: [
        {
          path: 'lotto',
          middleware: [dictionaryMiddleware(['lotto'])],
          loader: async () => {
            // The unit's request is out and not answered yet while the page's data is fetched.
            await vi.waitFor(() => expect(requestsTo(lotto)).toHaveLength(1));
            unitRequested(i18n.exists('lotto_results_title'));
            await data;
            return null;
          },
          Component: NoPage,
        },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/'], getContext: () => routerContextFor(queryClient) });
  await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  const navigation = router.navigate('/lotto');
  await vi.waitFor(() => expect(unitRequested).toHaveBeenCalledWith(false));
  expect(router.state.location.pathname).toBe('/');
  releaseData();
  await navigation;
  expect(router.state.location.pathname).toBe('/lotto');
  expect(i18n.t('lotto_results_title')).toBe('Результаты тиражей');
  router.dispose();
});

test('a failed unit that two middleware waited for is logged once', async () => {
  mockServer.use(refuse(lotto, 503, 'unavailable', 'Service unavailable'));
  const queryClient = new QueryClient();
  await Promise.all([
    loadDictionaryUnits(queryClient, 'ru', ['lotto']),
    loadDictionaryUnits(queryClient, 'ru', ['lotto']),
  ]);
  expect(requestsTo(lotto)).toHaveLength(1);
  expect(errors).toHaveBeenCalledTimes(1);
});
