import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, FRAME, test } from './fixtures.ts';

// The reference server's demo operator key (README); the e2e server runs outside production.
const OPERATOR = { authorization: 'Bearer demo-operator-key' };
const TOURNAMENT = 'daily-tournament';

/** demo.spinner's user id, as the operator's system knows it (a session apart from the pages'). */
async function spinnerId(request: APIRequestContext): Promise<number> {
  const login = await request.post('/web-api/external-api/fastLogin', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    data: { login: 'demo.spinner', pass: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return (await login.json()).user_id;
}

let serial = 0;
/** A settled euro single of demo.spinner's, posted by the operator as the sports book would. */
async function postWin(request: APIRequestContext, playerId: number, stake: string) {
  serial += 1;
  const answer = await request.post('/operator-api/v1/settlements', {
    headers: OPERATOR,
    data: {
      items: [
        {
          id: `e2e-live-${Date.now()}-${serial}`,
          playerId,
          kind: 'bet',
          settledAt: new Date().toISOString(),
          currency: 'EUR',
          stake,
          payout: (Number(stake) * 5).toFixed(2),
          sportId: 1,
          betType: 'single',
          legs: 1,
          odds: '5.00',
        },
      ],
    },
  });
  expect(answer.status()).toBe(200);
  expect((await answer.json()).accepted).toBe(1);
}

const board = (page: Page) => page.getByRole('region', { name: 'Leaderboard' });
const firstRow = (page: Page) => board(page).locator('tbody tr[data-place="1"]');

/** Place, name and points of every row shown, for the no-duplicates check. */
const rows = (page: Page) =>
  board(page)
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => (tr.textContent ?? '').replace(/\s+/g, ' ').trim()));

test('a settled bet from the operator reaches two open leaderboards within 2 s, and a dropped stream adds no duplicate rows', async ({
  browser,
  baseURL,
  request,
  problems,
}) => {
  // The browser logs the dropped stream (the point of the second half).
  problems.allow(/live|ERR_INTERNET_DISCONNECTED|EventSource/);
  const player = await browser.newContext({ baseURL });
  const visitor = await browser.newContext({ baseURL });
  try {
    const me = await player.newPage();
    await player.addCookies([{ name: 'app_auth_token', value: 'demo-app-token-spinner', url: baseURL ?? '' }]);
    await me.goto(`${FRAME}/en/mobile-app/${TOURNAMENT}`);
    await expect(me).toHaveURL(`${FRAME}/en/promotion/${TOURNAMENT}`);
    const join = board(me).getByRole('button', { name: 'Take part' });
    await expect(join.or(board(me).getByTestId('tournament-mine'))).toBeVisible();
    if (await join.isVisible()) {
      await join.click();
      await me.getByRole('dialog', { name: "You're in!" }).getByRole('button', { name: 'Close' }).click();
    }
    const other = await visitor.newPage();
    await other.goto(`${FRAME}/en/promotion/${TOURNAMENT}`);
    for (const page of [me, other]) await expect(board(page).getByTestId('tournament-live')).toBeVisible();
    for (const page of [me, other]) await expect(firstRow(page)).not.toContainText('de***er');

    const id = await spinnerId(request);
    await postWin(request, id, '10000.00');
    await expect(firstRow(me)).toContainText('You (de***er)', { timeout: 2000 });
    await expect(firstRow(other)).toContainText('de***er', { timeout: 2000 });
    await expect(board(me).getByTestId('tournament-mine').locator('dd').first()).toHaveText('1');

    // The visitor's connection drops; a bet settles meanwhile; the stream comes back by itself.
    const before = (await firstRow(other).textContent()) ?? '';
    await visitor.setOffline(true);
    await expect(board(other).getByTestId('tournament-live')).toBeHidden();
    await postWin(request, id, '2500.00');
    await visitor.setOffline(false);
    await expect(board(other).getByTestId('tournament-live')).toBeVisible({ timeout: 5000 });
    await expect(firstRow(other)).not.toHaveText(before, { timeout: 2000 });
    const shown = await rows(other);
    expect(shown).toHaveLength(10);
    expect(new Set(shown).size).toBe(10);
    expect(shown.filter((row) => row.includes('de***er'))).toHaveLength(1);
  } finally {
    await player.close();
    await visitor.close();
  }
});
