import { expect, test } from 'vitest';
import { likelyNextRoutes } from './prefetch.ts';

test('home prefetches lotto and promotions; a section prefetches the other; unknown pages nothing', () => {
  expect(likelyNextRoutes('/')).toHaveLength(2);
  expect(likelyNextRoutes('/ar')).toHaveLength(2);
  expect(likelyNextRoutes('/en/lotto/game/powerball')).toHaveLength(1);
  expect(likelyNextRoutes('/promotion/spin-wheel')).toHaveLength(1);
  expect(likelyNextRoutes('/en/bonus/welcome')).toHaveLength(2);
  expect(likelyNextRoutes('/blockPage')).toHaveLength(0);
});
