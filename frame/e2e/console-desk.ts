import type { Page } from '@playwright/test';
import { CONSOLE_PATH } from '@promo/contract';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, demoStaffCode } from '../../server/src/seed/demo-staff.ts';
import { expect } from './fixtures.ts';

/** Signs a demo staff member in through the console's form; a publisher or admin types the authenticator code. */
export async function signIn(page: Page, role: 'editor' | 'publisher' | 'support' | 'admin', origin = '') {
  const member = DEMO_STAFF.find((demo) => demo.role === role);
  if (!member) throw new Error(`no demo ${role}`);
  await page.goto(`${origin}${CONSOLE_PATH}`);
  await page.getByLabel('Login').fill(member.login);
  await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (member.totpSecret) {
    await expect(page.getByLabel('Authenticator code')).toBeVisible();
    // A code is good once: a retry of this test in the same 30 s takes the next one.
    for (const step of [0, 1]) {
      const code = await demoStaffCode(member.login, Math.floor(Date.now() / 1000) + step * 30);
      await page.getByLabel('Authenticator code').fill(code ?? '');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const outcome = await Promise.race([
        page
          .getByRole('heading', { level: 1, name: 'Promotions' })
          .waitFor()
          .then(() => 'in'),
        page
          .getByText(/used already/)
          .waitFor()
          .then(() => 'used'),
      ]);
      if (outcome === 'in') break;
    }
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
}
