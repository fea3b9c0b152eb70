import { FRAME_PAGES, matchFramePage } from '@promo/contract';
import { matchRoutes, type RouteObject } from 'react-router';
import { expect, test } from 'vitest';
import { createRoutes, routeUnits } from './routes.tsx';

const routes = createRoutes('/promo-frame');

/** The pattern of the deepest matched route, joined from its parents' paths. */
function patternOf(pathname: string): string {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches
    .map((m) => m.route.path ?? '')
    .filter(Boolean)
    .join('/');
}

const paramsOf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.params ?? {};

test.each([
  ['/', '/:lng?'],
  ['/en', '/:lng?'],
  ['/blockPage', '/:lng?/blockPage'],
  ['/ar/blockPage', '/:lng?/blockPage'],
  ['/lotto', '/:lng?/lotto'],
  ['/lotto/results', '/:lng?/lotto/results'],
  ['/lotto/results/powerball', '/:lng?/lotto/results/:lottoId'],
  ['/lotto/tickets', '/:lng?/lotto/tickets'],
  ['/ru/lotto/game/megamillions', '/:lng?/lotto/game/:lottoId'],
  ['/lotto/info/FRA5', '/:lng?/lotto/info/:lottoId'],
  ['/promotion/spin-wheel', '/:lng?/promotion/:name'],
  ['/bonus/welcome', '/:lng?/bonus/:cmsPage'],
  ['/landing/summer', '/:lng?/landing/:cmsPage'],
  ['/headless/rules', '/:lng?/headless/:cmsPage'],
  ['/banner', '/:lng?/banner'],
  ['/landing-page/42', '/:lng?/landing-page/:landingId'],
  ['/mobile-app/spin-wheel', '/:lng?/mobile-app/:promoName'],
  ['/mobile-app/bonus/first-deposit', '/:lng?/mobile-app/bonus/:bonusName'],
  ['/betsonyour/live', '/:lng?/betsonyour/:section'],
  ['/en/about-us', '/:lng?/:section'],
  ['/test-mobile-app', '/:lng?/test-mobile-app'],
  ['/new-api-demo', '/:lng?/new-api-demo'],
])('%s is served by %s', (pathname, pattern) => {
  expect(patternOf(pathname)).toBe(pattern);
});

test('unknown deeper paths fall to the 404 route', () => {
  expect(patternOf('/en/lotto/unknown/deep/path')).toBe('/:lng?/*');
  expect(patternOf('/en/promotion')).toBe('/:lng?/promotion');
});

test('a lone segment that is not a language reaches the index route as lng (a CMS section)', () => {
  expect(patternOf('/about')).toBe('/:lng?');
  expect(paramsOf('/about').lng).toBe('about');
});

test('the language prefix is a parameter of every route', () => {
  expect(paramsOf('/ar/lotto/game/powerball')).toMatchObject({ lng: 'ar', lottoId: 'powerball' });
  expect(paramsOf('/lotto/game/powerball').lng).toBeUndefined();
});

test('access middleware ids are route metadata', () => {
  const handles = (matchRoutes(routes, '/blockPage') ?? []).map((m) => m.route.handle).filter(Boolean);
  expect(handles).toContainEqual(expect.objectContaining({ middleware: ['siteConfig'] }));
  const lotto = (matchRoutes(routes, '/lotto/results/powerball') ?? []).map((m) => m.route.handle).filter(Boolean);
  expect(lotto).toContainEqual({ nested: true });
});

test.each([
  ['/', ['home']],
  // The index route serves home and a lone CMS section (/about); its unit is home's.
  ['/about', ['home']],
  ['/ru/about-us', []],
  ['/lotto', ['lotto']],
  ['/lotto/results/powerball', ['lotto']],
  ['/ar/lotto/tickets', ['lotto']],
  ['/lotto/info/FRA5', ['lotto']],
  ['/promotion', ['promotions']],
  ['/ru/promotion/spin-wheel', ['promotions']],
  ['/bonus/welcome', []],
  ['/banner', []],
  ['/blockPage', []],
  ['/test-mobile-app', ['dev']],
  ['/new-api-demo', ['dev']],
  ['/en/lotto/unknown/deep/path', []],
])('%s loads the dictionary units %j beside the config', (pathname, units) => {
  expect(routeUnits(routes, pathname, '/')).toEqual(units);
});

/** Every page's full pattern in the router, without the language prefix. */
function routerPages(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path === '/:lng?' ? '' : (route.path ?? '');
    const path = [parent, own].filter(Boolean).join('/');
    const here = route.index || (route.path !== undefined && !route.children) ? [path] : [];
    return [...here, ...(route.children ? routerPages(route.children, path) : [])];
  });
}

test("the router's pages are the contract's page table, and every page of the table matches its own route", () => {
  const inRouter = new Set(routerPages(routes).filter((path) => path !== '*'));
  // The development tools are in the router outside production builds, as the table says.
  expect(inRouter).toEqual(new Set(Object.values(FRAME_PAGES).map((page) => page.path)));
  for (const [name, page] of Object.entries(FRAME_PAGES)) {
    const sample = page.path.replace(/:(\w+)/g, 'x1');
    expect(matchFramePage(`/en/${sample}`)?.name, name).toBe(name);
    expect(patternOf(`/en/${sample}`), name).toBe(['/:lng?', page.path].filter(Boolean).join('/'));
  }
});
