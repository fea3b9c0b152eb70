import { expect, test } from 'vitest';
import { pageFamily } from './page-family.ts';

test.each([
  ['/', 'home'],
  ['', 'home'],
  ['/ar', 'home'],
  ['/ar/?x=1', 'home'],
  ['/lotto', 'lotto'],
  ['/en/lotto/game/powerball', 'lotto'],
  ['/promotion/spin-wheel?utm=1', 'promotion'],
  ['/ru/promotion/137', 'promotion'],
  ['/promotion', 'promotions'],
  ['/en/promotion/?product=casino', 'promotions'],
  ['/en/bonus/welcome', 'cms'],
  ['/landing/summer-cup', 'cms'],
  ['/headless/terms', 'cms'],
  ['/ar/landing-page/2', 'cms'],
  ['/banner', 'cms'],
  ['/blockPage', 'blocked'],
  ['/ar/blockPage?x=1', 'blocked'],
  ['/en/no/such/page', undefined],
  ['/betsonyour/live', 'bets-on-own'],
  ['/ar/betsonyour/cyber', 'bets-on-own'],
  // The section alone is no page of the section's: a CMS section slug, as the router reads it.
  ['/ar/betsonyour', undefined],
  ['/mobile-app/auth', undefined],
  ['/EN/lotto', undefined],
])('%s is in the %s family', (path, family) => {
  expect(pageFamily(path)).toBe(family);
});
