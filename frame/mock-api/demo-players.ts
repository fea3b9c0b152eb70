import type { Balance } from '@promo/contract';
import { type DemoLogin, demoUser } from '../../server/src/seed/demo-players.ts';

/**
 * The seed's demo players (server/src/seed/demo-players.ts: pure data, nothing of the server's
 * code), for tests that sign one in or answer for one: what they type and hold is what the seed
 * writes, never a copy.
 */
export { DEMO_PASSWORD, demoUser } from '../../server/src/seed/demo-players.ts';

/**
 * A demo player's accounts as the balance call answers them: ids from 1 in the seed's order, the
 * seed's active account active unless `activeId` names another.
 */
export function demoBalance(login: DemoLogin, activeId?: number): Balance {
  return {
    accounts: demoUser(login).accounts.map((account, index) => ({
      id: index + 1,
      currencyCode: account.currencyCode,
      amount: account.amount,
      active: activeId === undefined ? account.active : activeId === index + 1,
    })),
  };
}
