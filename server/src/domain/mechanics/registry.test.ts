import { PROMO_MECHANICS } from '@promo/contract';
import { expect, test } from 'vitest';
import { checkServerMechanics, FEED_RULES, SERVER_MECHANICS } from './index.ts';

test('the server registers every contract mechanic, and nothing else', () => {
  expect(Object.keys(SERVER_MECHANICS)).toEqual([...PROMO_MECHANICS]);
  expect(() => checkServerMechanics()).not.toThrow();
});

test('a half-registered mechanic stops the server: one missing, or one the contract lacks', () => {
  const { 'collect-hunt': _, ...missing } = SERVER_MECHANICS;
  expect(() => checkServerMechanics(missing)).toThrow('collect-hunt not registered');
  expect(() => checkServerMechanics({ ...SERVER_MECHANICS, 'scratch-card': { feed: null } })).toThrow(
    'scratch-card is not in the contract',
  );
});

test('the feed moves the tournaments, ladders, covered bets and the jackpot, and reads what each needs', () => {
  expect(Object.fromEntries([...FEED_RULES].map(([mechanic, rule]) => [mechanic, rule.reads ?? null]))).toEqual({
    'no-risk-bet': null,
    'double-chance': null,
    'sport-tournament': 'participants',
    'casino-tournament': 'participants',
    'crash-tournament': 'participants',
    'weekly-jackpot': null,
    'accumulator-ladder': 'progress',
    'win-streak': 'progress',
  });
});
