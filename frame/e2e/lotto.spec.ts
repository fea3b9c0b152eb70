import type { APIRequestContext, TestInfo } from '@playwright/test';
import { SALES_CLOSE_MS } from '@promo/contract';
import { expect, FRAME, navigateInApp, openAsAppUser, PROFILES, recordRequests, test } from './fixtures.ts';

/**
 * Powerball's sales close five minutes before each draw (Mon, Wed and Sat, 03:00 UTC). A test that
 * counts on them being open and starts in that window, or close enough to reach it, waits for the
 * draw: the next one is days away, and its sales open as this one's draw is made.
 */
async function powerballSalesOpen(request: APIRequestContext, testInfo: TestInfo) {
  const answer = await request.get('/web-api/external-api/lotto/available?currency=USD');
  const { lotteries } = (await answer.json()) as { lotteries: Array<{ code: string; nextDrawAt: number }> };
  const drawSeconds = lotteries.find((lottery) => lottery.code === 'powerball')?.nextDrawAt;
  if (drawSeconds === undefined) throw new Error('Powerball is not in the lottery list');
  const drawAt = drawSeconds * 1000;
  const margin = 2 * 60_000;
  const wait = drawAt - Date.now() < SALES_CLOSE_MS + margin ? drawAt - Date.now() + 5_000 : 0;
  if (wait <= 0) return;
  testInfo.setTimeout(testInfo.timeout + wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
}

test('the lottery list sorts by popularity, draw date and jackpot, each with its countdown', async ({
  page,
}, testInfo) => {
  await powerballSalesOpen(page.request, testInfo);
  // The list the page shows (it comes rendered with the page): the same answer as the API's.
  const available = await page.request.get('/web-api/external-api/lotto/available?currency=USD');
  await page.goto(`${FRAME}/en/lotto`);
  const { lotteries } = (await available.json()) as {
    lotteries: Array<{ code: string; nextDrawAt: number; popularity: number; jackpot: { amount: string } }>;
  };
  const list = page.getByTestId('lottery-list');
  const cards = list.locator(':scope > li');
  await expect(cards).toHaveCount(24);
  await expect(cards.first().getByRole('heading')).toHaveText('Powerball');
  await expect(cards.first().getByRole('timer', { name: 'Sales close in' })).toBeVisible();
  await expect(cards.first()).toContainText(/Draw (within 2 h|in 2–4 h|in over 4 h)/);
  const codes = () => cards.evaluateAll((items) => items.map((item) => item.getAttribute('data-code')));

  await page.getByLabel('Sort by').selectOption({ label: 'Jackpot amount' });
  const byJackpot = [...lotteries].sort(
    (a, b) => Number(b.jackpot.amount) - Number(a.jackpot.amount) || a.code.localeCompare(b.code),
  );
  await expect.poll(codes).toEqual(byJackpot.map((l) => l.code));
  await page.getByLabel('Sort by').selectOption({ label: 'Draw date' });
  const soonest = [...lotteries].sort((a, b) => a.nextDrawAt - b.nextDrawAt || a.code.localeCompare(b.code));
  await expect.poll(codes).toEqual(soonest.map((l) => l.code));
});

test('a player builds a ticket, is told what is missing, buys it once and finds it in My tickets', async ({
  page,
  baseURL,
  newPlayer,
}, testInfo) => {
  await powerballSalesOpen(page.request, testInfo);
  await openAsAppUser(page, baseURL, (await newPlayer(PROFILES.uk)).appToken, 'bonus200');
  await navigateInApp(page, '/en/lotto/game/powerball');
  await expect(page.getByRole('heading', { level: 1, name: 'Powerball' })).toBeVisible();
  const first = page.getByRole('region', { name: 'Line 1' });
  for (const n of [3, 14, 27, 41, 59])
    await first
      .getByRole('group', { name: /^Main numbers/ })
      .getByRole('button', { name: String(n), exact: true })
      .click();
  // A full pool takes no more numbers.
  await expect(
    first.getByRole('group', { name: /^Main numbers/ }).getByRole('button', { name: '60', exact: true }),
  ).toBeDisabled();
  await first
    .getByRole('group', { name: /^Bonus/ })
    .getByRole('button', { name: '7', exact: true })
    .click();
  await page.getByRole('button', { name: 'Add a line' }).click();
  const second = page.getByRole('region', { name: 'Line 2' });
  await page.getByRole('button', { name: 'Buy ticket' }).click();
  await expect(second.getByRole('alert')).toContainText('Main numbers: pick 5 (0 picked).');
  await expect(first.getByRole('alert')).toHaveCount(0);
  await second.getByRole('button', { name: 'Quick pick' }).click();
  await expect(second.getByRole('alert')).toHaveCount(0);
  await page.getByLabel(/^Additional ticket/).check();
  await expect(page.getByTestId('lotto-total')).toHaveText('$6.00');

  const purchases = recordRequests(page, '/api/v3/lotto/tickets');
  const buy = page.getByRole('button', { name: 'Buy ticket' });
  await Promise.all(Array.from({ length: 10 }, () => buy.click({ force: true, noWaitAfter: true }).catch(() => {})));
  // One question for ten presses, with the price; nothing is bought before the answer.
  const question = page.getByRole('dialog', { name: 'Buy this ticket?' });
  await expect(question).toContainText('2 lines of Powerball for $6.00, in the draw of');
  expect(purchases.filter((request) => request.method() === 'POST')).toHaveLength(0);
  await question.getByRole('button', { name: 'Buy for $6.00' }).click();
  const popup = page.getByRole('dialog', { name: 'Ticket bought' });
  await expect(popup).toContainText(/Ticket №\d+ plays the Powerball draw of/);
  await popup.getByRole('button', { name: 'Great' }).click();
  expect(purchases.filter((request) => request.method() === 'POST')).toHaveLength(1);
  await expect(page.getByRole('region', { name: 'Line 2' })).toHaveCount(0);

  await navigateInApp(page, '/en/lotto/tickets');
  const tickets = page.getByTestId('lotto-ticket');
  const mine = tickets.filter({ hasText: 'Powerball' }).first();
  await expect(mine).toContainText('Waiting for the draw');
  await expect(mine).toContainText('$6.00 · additional · next draw');
  await expect(mine.getByRole('list', { name: 'Numbers 3 14 27 41 59 + 7' })).toBeVisible();
  await page.getByRole('tab', { name: 'Winning' }).click();
  await expect(tickets).toHaveCount(0);
  await expect(page.getByText('No tickets here yet.')).toBeVisible();
  await page.getByRole('tab', { name: 'Undrawn' }).click();
  await expect(tickets.filter({ hasText: 'Powerball' })).toHaveCount(1);
});

test("a player's drawn tickets: the winning and losing filters, with the draw's numbers", async ({ page, baseURL }) => {
  await openAsAppUser(page, baseURL, 'demo-app-token-player', 'bonus200');
  await navigateInApp(page, '/en/lotto/tickets');
  const tickets = page.getByTestId('lotto-ticket');
  await page.getByRole('tab', { name: 'Winning' }).click();
  await expect(tickets).toHaveCount(1);
  await expect(tickets.first()).toContainText('Powerball');
  await expect(tickets.first()).toContainText('Won $100.00');
  await expect(tickets.first()).toContainText('last draw');
  await page.getByRole('tab', { name: 'Losing' }).click();
  await expect(tickets).toHaveCount(1);
  await expect(tickets.first()).toContainText('EuroMillions');
  await expect(tickets.first()).toContainText('No win this time');
  await page.getByRole('tab', { name: 'Drawn', exact: true }).click();
  await expect(tickets).toHaveCount(2);
});

test('results lead to a lottery draws; the info page switches About, Winnings and Rules', async ({
  page,
  problems,
}) => {
  // The unknown lottery's page is a real 404 document.
  problems.allow(/route error 404 This lottery could not be found|status of 404/);
  await page.goto(`${FRAME}/en/lotto/results`);
  await expect(page.getByTestId('lotto-results').locator(':scope > li')).toHaveCount(24);
  await page.getByRole('link', { name: 'EuroMillions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'EuroMillions draws' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All lotteries' })).toBeVisible();
  await expect(page.getByTestId('lotto-draws').locator(':scope > li:not([aria-hidden])')).toHaveCount(10);
  await expect(page.getByRole('timer', { name: 'Sales close in' })).toBeVisible();

  await page.goto(`${FRAME}/en/lotto/info/GER6`);
  await expect(page.getByRole('heading', { level: 2, name: 'About Lotto 6 aus 49' })).toBeVisible();
  await expect(page.getByText('bonus number(s) from 0 to 9')).toBeVisible();
  // Wednesday and Saturday at 17:25 UTC, read in the default zone (UTC+3).
  await expect(page.getByTestId('lotto-schedule')).toHaveText(
    /^Draws: Wednesday and Saturday, at 20:25 \(UTC\+0?3(:00)?\)\.$/,
  );
  await page.getByRole('tab', { name: 'Winnings' }).click();
  // 6 of 49 and 1 of 10: one chance in 13,983,816 x 10.
  await expect(page.getByRole('row').nth(1)).toHaveText(/^6 \+ 1 bonusJackpot: \$[\d,]+1 in 139,838,160$/);
  await expect(page.getByRole('row').nth(2)).toHaveText(/^6\$[\d,]+(\.\d\d)?1 in 15,537,573$/);
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'How to play Lotto 6 aus 49' })).toBeVisible();
  await expect(page.getByText('Lotteries are for players aged 18 or over.')).toBeVisible();
  await page.goto(`${FRAME}/en/lotto/info/nope`);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
});

test('a euro player reads the prize tiers of a dollar lottery in euros, with their odds', async ({ page, baseURL }) => {
  await openAsAppUser(page, baseURL, 'demo-app-token-spinner', 'bonus200');
  await page.goto(`${FRAME}/en/lotto/info/powerball`);
  await page.getByRole('tab', { name: 'Winnings' }).click();
  const tiers = page.getByTestId('lotto-tiers');
  await expect(tiers.getByRole('row').nth(1)).toHaveText(/^5 \+ 1 bonusJackpot: €[\d,]+1 in 292,201,338$/);
  // Powerball's own table: 5 without the Powerball is $1,000,000, the Powerball alone $4, here in
  // euros at the server's rate (0.92).
  await expect(tiers.getByRole('row').nth(2)).toHaveText('5€920,000.001 in 11,688,054');
  await expect(tiers.getByRole('row').last()).toHaveText('0 + 1 bonus€3.681 in 38');
  await expect(tiers.getByRole('row')).toHaveCount(10);
  await expect(tiers).not.toContainText('$');
  // Each lottery opens its About on a paragraph of its own.
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Multi-State Lottery Association');
});

test("a player's new results are marked New once, and each is a notification to the app", async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    const sent: unknown[] = [];
    (window as unknown as { sent: unknown[] }).sent = sent;
    (window as unknown as { AndroidBridge: object }).AndroidBridge = {
      send: (type: string, json: string) => sent.push({ type, data: JSON.parse(json) }),
    };
  });
  await openAsAppUser(page, baseURL, 'demo-app-token-player', 'bonus200');
  await navigateInApp(page, '/en/lotto/tickets');
  const tickets = page.getByTestId('lotto-ticket');
  await expect(tickets.first()).toBeVisible();
  await expect(page.getByTestId('lotto-ticket-new')).toHaveCount(2);
  const notifications = () =>
    page.evaluate(() =>
      (window as unknown as { sent: Array<{ type: string; data: { kind: string; text: string } }> }).sent
        .filter((message) => message.type === 'notification')
        .map((message) => message.data),
    );
  await expect.poll(notifications).toEqual([
    { kind: 'win', text: expect.stringMatching(/^Ticket №\d+ \(Powerball\) won \$100\.00!$/) },
    { kind: 'loss', text: expect.stringMatching(/^Ticket №\d+ \(EuroMillions\) did not win this time\.$/) },
  ]);
  // Told once: the next visit shows them as history.
  await page.reload();
  await expect(tickets.first()).toBeVisible();
  await expect(page.getByTestId('lotto-ticket-new')).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(await notifications()).toEqual([]);
});
