import AxeBuilder from '@axe-core/playwright';
import { ART_CACHE_CONTROL, ART_ENDPOINTS, type Art, CONSOLE_PATH, serverRoute } from '@promo/contract';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../server/src/seed/demo-staff.ts';
import { pngFile } from '../../server/src/testing-png.ts';
import { expect, test } from './fixtures.ts';

// Uploaded art (issue 42 item 2, decision 048), as an editor does it at a desk, by keyboard.
test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

/** A 96 × 48 RGB PNG of its own colours (a run's upload is never one the server has already). */
function pngOf(seed: number): Buffer {
  const [width, height] = [96, 48];
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: width }, (_, x) => [(seed + x) % 256, (seed >> 8) % 256, y * 5]).flat()]),
  );
  return pngFile(width, height, { bitDepth: 8, colorType: 2 }, Buffer.concat(rows));
}

test('an editor uploads a PNG and sees it listed, its WebP served for a year; a PNG renamed .svg is refused', async ({
  page,
  problems,
}) => {
  // Before sign-in the console's "who am I" is a 401; the renamed file's refusal is a 415.
  problems.allow(/status of 401/);
  problems.allow(/status of 415/);
  const editor = DEMO_STAFF.find((member) => member.role === 'editor');
  if (!editor) throw new Error('no demo editor');
  await page.goto(CONSOLE_PATH);
  await page.getByLabel('Login').fill(editor.login);
  await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();

  // To the Art page by keyboard: its link in the nav, then Enter.
  await page.getByRole('link', { name: 'Art', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Art' })).toBeVisible();

  const name = `e2e-hero-${Date.now()}.png`;
  const bytes = pngOf(Date.now() % 65_536);
  await page.getByLabel('File').setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
  await page.getByLabel('Folder').focus();
  const uploaded = page.waitForResponse(
    (response) =>
      response.url().includes(serverRoute(ART_ENDPOINTS.artUpload)) && response.request().method() === 'POST',
  );
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Upload' })).toBeFocused();
  await page.keyboard.press('Enter');
  const answer = await uploaded;
  expect(answer.status()).toBe(201);
  const art = (await answer.json()) as Art;
  await expect(page.getByText(`${name} is uploaded.`)).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row.getByText('96 × 48')).toBeVisible();
  await expect(row.getByText('Unused')).toBeVisible();

  const webp = art.files.find((file) => file.endsWith('.webp') && file.includes('/promotions/desktop/'));
  expect(webp).toMatch(new RegExp(`^/genfiles/cms/promotions/desktop/e2e-hero-\\d+-${art.hash.slice(0, 16)}\\.webp$`));
  const served = await page.request.get(webp ?? '');
  expect([served.status(), served.headers()['content-type'], served.headers()['cache-control']]).toEqual([
    200,
    'image/webp',
    ART_CACHE_CONTROL,
  ]);

  // The same picture named .svg: refused by its bytes, the sentence in an alert, nothing listed.
  await page.getByLabel('File').setInputFiles({ name: 'renamed.svg', mimeType: 'image/svg+xml', buffer: pngOf(7) });
  await page.getByRole('button', { name: 'Upload' }).press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'renamed.svg' })).toHaveText(
    '"renamed.svg" is named as SVG but its bytes are PNG: upload the real file, or name it for what it is',
  );
  await expect(page.getByRole('cell', { name: 'renamed.svg', exact: true })).toHaveCount(0);
  // The page as it is now (a row, a refusal shown), in Chromium: WCAG 2.2 AA.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
});
