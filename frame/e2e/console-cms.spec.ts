import type { Browser, Page } from '@playwright/test';
import { signIn } from './console-desk.ts';
import { expect, FRAME, openCrossOriginDemo, test } from './fixtures.ts';

// CMS pages in the visual editor (issue 42, item 1; decision 050), at a desk.
test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
// The console asks who is signed in when it opens: before sign-in the answer is a 401.
test.beforeEach(({ problems }) => problems.allow(/status of 401/));

async function newDesk(browser: Browser, baseURL: string | undefined, role: 'editor' | 'publisher') {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await signIn(page, role);
  return page;
}

/** The latest version the editor's page names ("Latest version 2 · published: 1"). */
async function latestVersion(page: Page): Promise<number> {
  const line = await page.getByText(/^Latest version \d+/).textContent();
  return Number(/Latest version (\d+)/.exec(line ?? '')?.[1]);
}

test('an editor adds a steps block to a seeded CMS page in Puck, saves it and previews it in the demo host at 390 and 1366 px; a publisher publishes it; the frame serves it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The headless terms page: the other tests read its heading and its skipped block, which stay.
  const title = `E2E steps ${test.info().retry}-${Date.now().toString(36)}`;
  await signIn(page, 'editor');
  await page.getByRole('link', { name: 'CMS pages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'CMS pages' })).toBeVisible();
  await page.getByRole('link', { name: 'Bonus terms (terms)' }).click();
  await expect(page.getByRole('tab', { name: 'English', selected: true })).toBeVisible();
  const before = await latestVersion(page);

  // Puck's canvas shows the frame's own blocks: the terms' rich text heading.
  const canvas = page.frameLocator('iframe#preview-frame');
  await expect(canvas.getByRole('heading', { name: 'General bonus terms' })).toBeVisible();

  // Drag "Steps" from the block list onto the canvas, below the last block.
  const source = page.getByText('Steps', { exact: true }).first();
  const frame = await page.locator('iframe#preview-frame').boundingBox();
  const from = await source.boundingBox();
  if (!frame || !from) throw new Error('no canvas or block list');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const target = { x: frame.x + frame.width / 2, y: frame.y + Math.min(frame.height - 40, 400) };
  for (let step = 1; step <= 20; step += 1) {
    await page.mouse.move(from.x + ((target.x - from.x) * step) / 20, from.y + ((target.y - from.y) * step) / 20);
  }
  await page.mouse.up();
  await expect(canvas.getByRole('heading', { name: 'New block' })).toBeVisible();
  const titleField = page.locator('input[title="Title"]:visible').first();
  await titleField.fill(title);
  await expect(canvas.getByRole('heading', { name: title })).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved as version ${before + 1}.`)).toBeVisible();

  // Its preview in the demo host (another origin), at a phone's width and a desk's: the new block,
  // marked as a preview, while players still get the published version.
  await page.getByRole('button', { name: `Preview version ${before + 1}` }).click();
  const hostLink = page.getByRole('link', { name: 'in the demo host' });
  const hostPath = new URL((await hostLink.getAttribute('href')) ?? '', baseURL).searchParams.get('path') ?? '';
  expect(hostPath).toMatch(/^\/promo-frame\/en\/headless\/terms\?preview=/);
  for (const width of [390, 1366]) {
    const preview = await page.context().newPage();
    await preview.setViewportSize({ width, height: 900 });
    const shown = await openCrossOriginDemo(preview, baseURL, hostPath);
    await expect(shown.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(shown.getByText('Preview: players do not see this version yet.')).toBeVisible();
    await preview.close();
  }
  await page.goto(`${FRAME}/en/headless/terms`);
  await expect(page.getByRole('heading', { level: 2, name: 'General bonus terms' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toHaveCount(0);

  const publisher = await newDesk(browser, baseURL, 'publisher');
  await publisher.goto(`/console/cms/headless/terms`);
  await publisher.getByRole('button', { name: `Publish version ${before + 1}` }).click();
  await expect(publisher.getByText(`Version ${before + 1} is published: the frame serves it.`)).toBeVisible();
  await publisher.context().close();

  await page.goto(`${FRAME}/en/headless/terms`);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'General bonus terms' })).toBeVisible();
});
