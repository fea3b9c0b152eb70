import { AUTH_ENDPOINTS, type Banner, CMS_ENDPOINTS, type CmsPage, USER_ENDPOINTS } from '@promo/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useRouteError } from 'react-router';
import { beforeAll, expect, test } from 'vitest';
import { answer, refuse, requestsTo, sessionHandlers, tableEndpoint } from '../../../../mock-api/contract-api.ts';
import { mockServer, startMockApi } from '../../../../mock-api/node.ts';
import { loadEnglish } from '../../../../mock-api/render.tsx';
import { i18n } from '../../../shared/i18n/index.ts';
import { normalizeError } from '../../../shared/lib/index.ts';
import { initialGlobalState, useGlobalStore } from '../../../shared/model/index.ts';
import { bannerLoader, cmsLoader } from '../api/cms-route.ts';
import { BannerPage } from './banner-page.tsx';
import { CmsPageView } from './cms-page.tsx';

const serviceId = tableEndpoint(CMS_ENDPOINTS.promotionServiceId);
const promotionPage = tableEndpoint(CMS_ENDPOINTS.promotionPage);
const pageByType = tableEndpoint(CMS_ENDPOINTS.page);
const banners = tableEndpoint(CMS_ENDPOINTS.banners);
const balance = tableEndpoint(USER_ENDPOINTS.balance);
const userConfig = tableEndpoint(AUTH_ENDPOINTS.userConfig);

/** A bonus page as the server answers a euro player: its money already in euros. */
const bonusPage = (slug: string, title: string): CmsPage => ({
  id: 1,
  type: 'bonus',
  slug,
  language: 'en',
  version: 1,
  title,
  description: '',
  publishedAt: 1_764_000_000,
  blocks: [
    { id: 'hero', type: 'hero', props: { title } },
    {
      id: 'card',
      type: 'bonusCard',
      props: {
        title: 'First deposit bonus',
        percent: 100,
        maxAmount: { amount: '92.00', currencyCode: 'EUR' },
        wager: 5,
      },
    },
    {
      id: 'steps',
      type: 'steps',
      props: {
        title: 'Three steps',
        items: [{ title: 'Deposit', text: 'Top up with {{minDeposit}} or more.' }],
        amounts: { minDeposit: { amount: '9.20', currencyCode: 'EUR' } },
      },
    },
  ],
});

/** Nothing while the first page loads. */
const Loading = () => null;

/** Shows the status of the route's error, where the app shows its error page. */
function RouteStatus() {
  return <h1>{normalizeError(useRouteError()).statusCode}</h1>;
}

/** A page's loader makes up to four calls (service, balance, country, page) before it renders. */
const LOADED = { timeout: 5_000 };

startMockApi(...sessionHandlers(7), answer(serviceId, { promotionServiceId: 285 }));
beforeAll(loadEnglish);

/** The CMS routes at `path`, for a player (`userId`) or a visitor from `country` with `currency`. */
function openAt(path: string, player: { userId: number | null; currency?: string; country?: string }) {
  useGlobalStore.setState({
    ...initialGlobalState,
    userId: player.userId,
    currentLanguage: 'en',
    geoCurrencyCode: player.currency ?? 'USD',
    userCountry: { code: player.country ?? null, id: null },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        errorElement: <RouteStatus />,
        HydrateFallback: Loading,
        children: [
          ...['bonus', 'landing'].map((type) => ({
            path: `/:lng/${type}/:cmsPage`,
            loader: (args: Parameters<ReturnType<typeof cmsLoader>>[0]) => cmsLoader(type)(args, queryClient),
            Component: CmsPageView,
          })),
          { path: '/:lng/banner', loader: (args) => bannerLoader(args, queryClient), Component: BannerPage },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

test('a euro player’s bonus page: asked with the promotion service, their currency and country, shown in euros', async () => {
  mockServer.use(
    answer(balance, { accounts: [{ id: 3, currencyCode: 'EUR', amount: '500.00', active: true }] }),
    answer(userConfig, { result: { user_id: 7, user_country_code: 'DE', user_country_id: 81 } }),
    answer(promotionPage, bonusPage('welcome', 'Welcome pack')),
  );
  const router = openAt('/en/bonus/welcome', { userId: 7 });
  const card = await screen.findByRole('region', { name: 'First deposit bonus' }, LOADED);
  expect(card).toHaveTextContent('+100% up to €92');
  expect(within(screen.getByRole('region', { name: 'Three steps' })).getByRole('listitem')).toHaveTextContent(
    'Top up with €9.20 or more.',
  );
  expect(document.body).not.toHaveTextContent('$');
  // A bonus page is a promotion's bonus page: page/promotion/{href}, never page?type=bonus.
  expect(requestsTo(promotionPage).map((request) => [request.params, request.query])).toEqual([
    [{ href: 'welcome' }, { language: 'en', currency: 'EUR', country: 'DE', promotion_service_id: '285' }],
  ]);
  expect(requestsTo(pageByType)).toHaveLength(0);

  // Another bonus page in the same session: the promotion service is not asked again.
  mockServer.use(answer(promotionPage, bonusPage('crypto-boost', 'Crypto boost')));
  await act(() => router.navigate('/en/bonus/crypto-boost'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Crypto boost' }, LOADED)).toBeInTheDocument();
  expect(requestsTo(promotionPage).at(-1)?.params).toEqual({ href: 'crypto-boost' });
  expect(requestsTo(serviceId)).toHaveLength(1);
});

test('landing pages are asked by type with the promotion service; the page is asked again when the host names a currency', async () => {
  const landing = (currency: string, amount: string): CmsPage => ({
    ...bonusPage('summer-cup', 'Summer Cup'),
    type: 'landing',
    blocks: [
      {
        id: 'hero',
        type: 'hero',
        props: {
          title: 'Summer Cup',
          text: 'Share a {{prizePool}} prize pool.',
          amounts: { prizePool: { amount, currencyCode: currency } },
        },
      },
    ],
  });
  mockServer.use(answer(pageByType, landing('USD', '50000.00')));
  openAt('/en/landing/summer-cup', { userId: null, currency: 'USD', country: 'CY' });
  expect(await screen.findByText('Share a $50,000 prize pool.', undefined, LOADED)).toBeInTheDocument();
  expect(requestsTo(pageByType)[0]?.query).toEqual({
    type: 'landing',
    slug: 'summer-cup',
    language: 'en',
    currency: 'USD',
    country: 'CY',
    promotion_service_id: '285',
  });

  mockServer.use(answer(pageByType, landing('EUR', '46000.00')));
  act(() => useGlobalStore.setState({ geoCurrencyCode: 'EUR' }));
  expect(await screen.findByText('Share a €46,000 prize pool.', undefined, LOADED)).toBeInTheDocument();
  expect(requestsTo(pageByType).at(-1)?.query).toMatchObject({ currency: 'EUR', country: 'CY' });
});

test('a page not offered in the player’s country is the route’s 404', async () => {
  mockServer.use(refuse(promotionPage, 404, 'not_offered_in_country', 'This page is not offered in your country.'));
  openAt('/en/bonus/crypto-boost', { userId: null, country: 'GB' });
  expect(await screen.findByRole('heading', { level: 1, name: '404' }, LOADED)).toBeInTheDocument();
  expect(requestsTo(promotionPage)[0]?.query).toMatchObject({ country: 'GB' });
});

test('a page on screen becomes the 404 when the host names a country it is not offered in', async () => {
  mockServer.use(answer(promotionPage, bonusPage('crypto-boost', 'Crypto boost')));
  openAt('/en/bonus/crypto-boost', { userId: null, country: 'CY' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Crypto boost' }, LOADED)).toBeInTheDocument();
  mockServer.use(refuse(promotionPage, 404, 'not_offered_in_country', 'This page is not offered in your country.'));
  act(() => useGlobalStore.setState({ userCountry: { code: 'gb', id: 222 } }));
  expect(await screen.findByRole('heading', { level: 1, name: '404' }, LOADED)).toBeInTheDocument();
  expect(requestsTo(promotionPage).at(-1)?.query).toMatchObject({ country: 'GB' });
});

test('the banner page shows each banner’s amounts in the currency it asked for', async () => {
  const hunt: Banner = {
    id: 3,
    title: 'Winter Hunt',
    text: 'Collect six gifts and win up to {{topPrize}}.',
    image: '/genfiles/cms/promotions/desktop/banner-hunt.svg',
    href: 'promotion/winter-hunt',
    endsAt: null,
    amounts: { topPrize: { amount: '690.00', currencyCode: 'EUR' } },
  };
  mockServer.use(answer(banners, { banners: [hunt] }));
  openAt('/en/banner', { userId: null, currency: 'EUR' });
  expect(await screen.findByRole('link', { name: /Winter Hunt/ }, LOADED)).toHaveTextContent(
    'Collect six gifts and win up to €690.',
  );
  expect(requestsTo(banners)[0]?.query).toEqual({ language: 'en', currency: 'EUR' });
});
