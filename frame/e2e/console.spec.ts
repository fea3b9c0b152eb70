import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { CONSOLE_PATH, PROMOTION_ENDPOINTS, serverRoute } from '@promo/contract';
import { DEMO_STAFF_PASSWORD } from '../../server/src/seed/demo-staff.ts';
import { signIn } from './console-desk.ts';
import { expect, FRAME, openCrossOriginDemo, test } from './fixtures.ts';
import { startServerPair } from './servers.ts';

// The operator console as a new operator meets it (issue 40): at a desk (1366 px), keyboard and
// mouse, two people editing at once; the frame and a host of another origin on the other side.
test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
// The console asks who is signed in when it opens: before sign-in the answer is a 401.
test.beforeEach(({ problems }) => problems.allow(/status of 401/));

const TEXTS = {
  en: {
    tab: 'English',
    title: 'Summer final free bet',
    summary: 'Bet on the final and get a free bet back.',
    about: 'Place a single bet on the final to take part.',
    rule: 'One free bet per player.',
    q: 'When do I get it?',
    a: 'Right after the final is settled.',
  },
  ru: {
    tab: 'Russian',
    title: 'Фрибет на летний финал',
    summary: 'Сделайте ставку на финал и получите фрибет.',
    about: 'Чтобы участвовать, сделайте одиночную ставку на финал.',
    rule: 'Один фрибет на игрока.',
    q: 'Когда я его получу?',
    a: 'Сразу после расчёта финала.',
  },
  ar: {
    tab: 'Arabic',
    title: 'رهان مجاني للنهائي الصيفي',
    summary: 'راهن على النهائي واحصل على رهان مجاني.',
    about: 'ضع رهانًا فرديًا على النهائي للمشاركة.',
    rule: 'رهان مجاني واحد لكل لاعب.',
    q: 'متى أحصل عليه؟',
    a: 'مباشرة بعد تسوية النهائي.',
  },
} as const;

async function newDesk(
  browser: Browser,
  baseURL: string | undefined,
  role: 'editor' | 'publisher' | 'support' | 'admin',
) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await signIn(page, role);
  return page;
}

async function writeTexts(page: Page, language: keyof typeof TEXTS) {
  const texts = TEXTS[language];
  const panel = page.getByRole('tabpanel', { name: texts.tab });
  await panel.getByRole('button', { name: `Add texts in ${texts.tab}` }).click();
  await panel.getByLabel('Title').fill(texts.title);
  await panel.getByLabel('Summary').fill(texts.summary);
  await panel.getByLabel('Paragraph 1').fill(texts.about);
  await panel.getByLabel('Rule 1').fill(texts.rule);
  await panel.getByLabel('Question 1').fill(texts.q);
  await panel.getByLabel('Answer 1').fill(texts.a);
}

test('on two server processes sharing PostgreSQL: an editor drafts a free bet in three languages, previews it in the host, a publisher publishes it on the other process, two editors collide, and it is unpublished; the audit log has each step', async ({
  page,
  browser,
  problems,
}) => {
  test.setTimeout(300_000);
  problems.allow(/status of 404|route error 404/);
  const slug = `e2e-final-bet-${test.info().retry}-${Date.now().toString(36)}`;
  // Editors and the host work with process A; the publisher with process B.
  const pair = await startServerPair();
  try {
    await lifeOfAPromotion(page, browser, pair.urls, slug);
  } finally {
    await pair.stop();
  }
});

async function lifeOfAPromotion(page: Page, browser: Browser, [a, b]: readonly [string, string], slug: string) {
  // 1. The editor starts a draft from the free-bet mechanic and writes its texts in en, ru and ar.
  await signIn(page, 'editor', a);
  await page.getByRole('button', { name: 'New promotion' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promotion' });
  await dialog.getByLabel('Mechanic').selectOption({ label: 'Match free bet' });
  await dialog.getByRole('button', { name: 'Start the draft' }).click();
  await page.getByLabel('Slug').fill(slug);
  for (const language of ['en', 'ru', 'ar'] as const) await writeTexts(page, language);
  // Arabic is written right to left.
  await expect(page.getByRole('tabpanel', { name: 'Arabic' }).locator('[dir="rtl"]')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(page.getByText('Saved as version 1.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/console/promotions/${slug}$`));

  // 2. Its preview, in the demo host of another origin: the draft, marked as a preview.
  await page.getByRole('button', { name: 'Preview version 1' }).click();
  const hostLink = page.getByRole('link', { name: 'Open in the demo host (new tab)' });
  const hostPath = new URL((await hostLink.getAttribute('href')) ?? '', a).searchParams.get('path') ?? '';
  const preview = await page.context().newPage();
  const previewFrame = await openCrossOriginDemo(preview, a, hostPath);
  await expect(previewFrame.getByRole('heading', { level: 1, name: TEXTS.en.title })).toBeVisible();
  await expect(previewFrame.getByText('Preview: players do not see this version yet.')).toBeVisible();
  await preview.close();
  // Players do not see it, on either process: the index has no card of it.
  const index = (origin: string) => () =>
    page.request
      .get(`${origin}${serverRoute(PROMOTION_ENDPOINTS.index)}?lang=en&currency=USD`)
      .then(async (answer) =>
        ((await answer.json()) as { promotions: { slug: string }[] }).promotions.map((c) => c.slug),
      );
  for (const origin of [a, b]) expect(await index(origin)()).not.toContain(slug);

  // 3. The publisher signs in on process B with the authenticator code and publishes version 1:
  // the frame's index lists it within a second on both processes, and its page on A shows it.
  const publisher = await newDesk(browser, b, 'publisher');
  await publisher.goto(`${CONSOLE_PATH}promotions/${slug}`);
  await publisher.getByRole('button', { name: 'Publish version 1 now' }).click();
  await expect(publisher.getByText('Done: the publication is saved.')).toBeVisible();
  await Promise.all(
    [a, b].map((origin) => expect.poll(index(origin), { timeout: 1000, intervals: [100] }).toContain(slug)),
  );
  await page.goto(`${a}${FRAME}/ru/promotion/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.ru.title })).toBeVisible();

  // 4. Two editors at once: the second one's save meets the first one's, sees it, and keeps both.
  const first = await newDesk(browser, a, 'editor');
  const second = await newDesk(browser, b, 'editor');
  for (const desk of [first, second]) await desk.goto(`${CONSOLE_PATH}promotions/${slug}`);
  await first.getByRole('tabpanel', { name: 'English' }).getByLabel('Title').fill('Summer final free bet: last days');
  await first.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(first.getByText('Saved as version 2.')).toBeVisible();
  await second
    .getByRole('tabpanel', { name: 'English' })
    .getByLabel('Summary')
    .fill('Bet on the final, get a free bet.');
  await second.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(second.getByRole('heading', { name: 'Someone saved a newer version' })).toBeVisible();
  // The other editor's title is shown beside this one's, field by field.
  await expect(second.getByRole('table').filter({ hasText: 'Summer final free bet: last days' }).first()).toBeVisible();
  await second.getByRole('button', { name: 'Keep mine: save it over v2' }).click();
  await expect(second.getByText('Saved as version 3.')).toBeVisible();

  // 5. Unpublished: the frame answers 404 and the host is told pageNotFound.
  await publisher.reload();
  await publisher.getByRole('button', { name: 'Unpublish' }).click();
  await publisher.getByRole('dialog').getByRole('button', { name: 'Unpublish' }).click();
  await expect(publisher.getByText('Unpublished.')).toBeVisible();
  const host = await browser.newPage();
  const gone = await openCrossOriginDemo(host, a, `${FRAME}/en/promotion/${slug}`);
  await expect(gone.getByTestId('error-message')).toHaveText('This page could not be found');
  await expect(host.locator('#message-log li[data-direction="in"][data-type="pageNotFound"]')).toHaveCount(1);
  await host.close();

  // 6. The audit log, newest first: every step, by whom.
  await publisher.getByRole('link', { name: 'Audit log' }).click();
  const rows = publisher.getByRole('region', { name: 'Audit entries' }).getByRole('row').filter({ hasText: slug });
  await expect(rows).toHaveCount(6);
  const steps = await rows.evaluateAll((cells) => cells.map((row) => row.textContent ?? ''));
  const expected = [
    ['unpublish', 'demo.publisher'],
    ['save', 'demo.editor'],
    ['save', 'demo.editor'],
    ['publish', 'demo.publisher'],
    ['preview', 'demo.editor'],
    ['create', 'demo.editor'],
  ];
  for (const [at, [action, actor]] of expected.entries()) {
    expect(steps[at], `audit row ${at}`).toContain(action);
    expect(steps[at], `audit row ${at}`).toContain(actor);
  }
  // An entry links to the version it made: the kept save is version 3 (over v2), read-only.
  await rows.nth(1).getByRole('link', { name: slug }).click();
  await expect(publisher.getByRole('heading', { level: 1, name: 'Summer final free bet: version 3' })).toBeVisible();
  await expect(publisher.getByRole('table', { name: 'What this version changed from v2' })).toContainText(
    'Bet on the final, get a free bet.',
  );
  for (const desk of [publisher, first, second]) await desk.context().close();
}

const PAGES: ReadonlyArray<[string, string]> = [
  ['promotions', CONSOLE_PATH],
  ['a promotion', `${CONSOLE_PATH}promotions/spin-wheel`],
  ['a version, read-only', `${CONSOLE_PATH}promotions/spin-wheel/versions/1`],
  ['audit log', `${CONSOLE_PATH}audit`],
  ['my sessions', `${CONSOLE_PATH}sessions`],
];

for (const width of [1366, 390]) {
  test(`axe wcag22aa finds nothing on any console page at ${width} px`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: { width, height: 900 }, ...(baseURL ? { baseURL } : {}) });
    const page = await context.newPage();
    await page.goto(CONSOLE_PATH);
    await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
    const check = async (name: string) => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
      expect(results.violations.map((v) => `${name}: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
    };
    await check('sign-in');
    await signIn(page, 'editor');
    for (const [name, path] of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await check(name);
    }
    await page.goto(CONSOLE_PATH);
    await page.getByRole('button', { name: 'New promotion' }).click();
    await expect(page.getByRole('dialog', { name: 'New promotion' })).toBeVisible();
    await check('new promotion dialog');
    await context.close();
    // The admin's own pages.
    const adminContext = await browser.newContext({
      viewport: { width, height: 900 },
      ...(baseURL ? { baseURL } : {}),
    });
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin');
    for (const [name, path] of [
      ['staff', `${CONSOLE_PATH}staff`],
      ['operator keys', `${CONSOLE_PATH}keys`],
    ] as const) {
      await admin.goto(path);
      await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(admin.getByText('Loading…')).toHaveCount(0);
      const results = await new AxeBuilder({ page: admin })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect(results.violations.map((v) => `${name}: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
    }
    await adminContext.close();
  });
}

test('by keyboard alone: sign in, find a promotion, open it, save it, sign out', async ({ page }) => {
  await page.goto(CONSOLE_PATH);
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  // Tab reaches the login field (past the language switch).
  for (let tab = 0; tab < 6; tab += 1) {
    if (await page.getByLabel('Login').evaluate((field) => field === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(page.getByLabel('Login')).toBeFocused();
  await page.keyboard.type('demo.editor');
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_STAFF_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  // The skip link comes first on every page of the console.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.getByLabel('Search').focus();
  await page.keyboard.type('spin-wheel');
  const link = page.getByRole('link', { name: /Wheel of Fortune|Spin/i }).first();
  await expect(link).toBeVisible();
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/console\/promotions\/spin-wheel$/);
  await page.getByRole('tabpanel', { name: 'English' }).getByLabel('Summary').focus();
  await page.keyboard.press('End');
  await page.keyboard.type(' ');
  await page.keyboard.press('Control+s');
  await expect(page.getByText(/Saved as version \d+\./)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
});
