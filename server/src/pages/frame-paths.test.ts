import { matchFramePage } from '@promo/contract';
import { expect, test } from 'vitest';
import { classifyFramePath, framePathStatus } from './frame-paths.ts';

test.each([
  ['/', 'page'],
  ['/en', 'page'],
  ['/ar/lotto', 'page'],
  ['/lotto/results', 'page'],
  ['/en/lotto/results/powerball', 'page'],
  ['/en/lotto/game/powerball', 'page'],
  ['/en/lotto/info/powerball?tab=1', 'page'],
  ['/en/lotto/tickets', 'page'],
  ['/en/promotion', 'page'],
  ['/ru/promotion/spin-wheel', 'page'],
  ['/en/banner', 'page'],
  ['/en/blockPage', 'page'],
  ['/en/landing-page/4', 'page'],
  ['/en/mobile-app/spin-wheel', 'page'],
  ['/en/mobile-app/bonus/welcome', 'page'],
  ['/en/betsonyour/cyber', 'page'],
  ['/en/bonus/welcome', 'page'],
  ['/en/landing/summer-cup', 'page'],
  ['/en/headless/terms', 'page'],
  ['/en/summer-cup', 'section'],
  ['/summer-cup', 'section'],
  // Developer tools: production builds only, so no page.
  ['/en/test-mobile-app', 'unknown'],
  ['/new-api-demo', 'unknown'],
  ['/en/Not_A_Slug', 'unknown'],
  ['/en/lotto/nothing', 'unknown'],
  ['/en/unknown-type/page', 'unknown'],
  ['/en/a/b/c/d', 'unknown'],
  ['/xx-yy/lotto', 'unknown'],
  ['/en/lotto/game/powerball/extra', 'unknown'],
])('%s is %s', (path, kind) => {
  expect(classifyFramePath(matchFramePage(path)).kind).toBe(kind);
});

test('a section is a page when the data has its slug; a failed lookup leaves it to the frame', async () => {
  const exists = async (slug: string) => slug === 'summer-cup';
  const status = (path: string, lookup: (slug: string) => Promise<boolean>) =>
    framePathStatus(matchFramePage(path), lookup);
  expect(await status('/en/summer-cup', exists)).toBe(200);
  expect(await status('/en/no-such-page', exists)).toBe(404);
  expect(await status('/no-such-page', exists)).toBe(404);
  expect(await status('/en/no-such-page', () => Promise.reject(new Error('db down')))).toBe(200);
  expect(await status('/en/test-mobile-app', async () => true)).toBe(404);
});
