import type { FrameLocator, Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  FRAME,
  openSameSiteDemo,
  PROFILES,
  shownBalance,
  signInOnHost,
  test,
} from './fixtures.ts';

/**
 * Spec 7 amounts/convert in the account bar: a player with several accounts sees all of them in the
 * active account's currency, added up by the server (demo.wallet's $40.00 and €15.00 at 0.92 euros per dollar),
 * and the total follows a switch of account. In a plain browser (the frame's own sign-in) and inside
 * the demo host (its sign-in; the host shares the frame's site, as a signed-in host must).
 */
const PLACES = [
  {
    where: 'in a plain browser',
    open: async (page: Page, login: string): Promise<Page | FrameLocator> => {
      await page.goto(`${FRAME}/en/promotion`);
      const bar = page.getByRole('region', { name: 'Your account' });
      await bar.getByRole('button', { name: 'Sign in' }).click();
      const form = bar.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('Login').fill(login);
      await form.getByLabel('Password').fill(DEMO_PASSWORD);
      await form.getByRole('button', { name: 'Sign in' }).click();
      return page;
    },
  },
  {
    where: 'inside the demo host',
    open: async (page: Page, login: string): Promise<Page | FrameLocator> => {
      const frame = await openSameSiteDemo(page, `${FRAME}/en/promotion`);
      await signInOnHost(page, frame, login);
      return frame;
    },
  },
];

for (const { where, open } of PLACES) {
  test(`${where} the account bar totals every account in the active currency and follows a switch`, async ({
    page,
    newPlayer,
  }) => {
    const me = await newPlayer(PROFILES.wallet);
    const converts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/web-api/api/v3/promotions/amounts/convert')) converts.push(request.postData() ?? '');
    });
    const bar = (await open(page, me.login)).getByRole('region', { name: 'Your account' });
    await expect(bar.getByTestId('account-balance')).toHaveText(shownBalance(PROFILES.wallet, 'USD'));
    // $40.00 + €15.00 (= $16.30).
    await expect(bar.getByTestId('accounts-total')).toHaveText('Total $56.30');

    await bar.getByLabel('Active account').selectOption({ label: 'EUR' });
    await expect(bar.getByTestId('account-balance')).toHaveText(shownBalance(PROFILES.wallet, 'EUR'));
    // €36.80 (= $40.00) + €15.00.
    await expect(bar.getByTestId('accounts-total')).toHaveText('Total €51.80');

    await bar.getByLabel('Active account').selectOption({ label: 'USD' });
    await expect(bar.getByTestId('account-balance')).toHaveText(shownBalance(PROFILES.wallet, 'USD'));
    await expect(bar.getByTestId('accounts-total')).toHaveText('Total $56.30');
    // Back to the accounts as they were: the total of that balance is the one already asked for.
    expect(converts.map((body) => JSON.parse(body).currencyCode)).toEqual(['USD', 'EUR']);
  });
}
