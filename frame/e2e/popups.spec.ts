import type { Page } from '@playwright/test';
import { PROMO_POPUP_FLAGS, PROMO_POPUPS, type PromoPopupFlag, popupFlagKey } from '@promo/contract';
import { expect, FRAME, openAsAppUser, PROFILES, recordRequests, test } from './fixtures.ts';

// These tests see the popups as a new player would.
test.use({ popupsSeen: false });

interface Row {
  /**
   * The app player it shows to: a demo player's app token, 'fresh' for a new player of the test's
   * own (the answer changes data: a forecast is taken once), null for a visitor.
   */
  token: string | null;
  title: string;
  text: RegExp;
  /** Popups of the same promotion that come before it in the queue. */
  before?: string[];
  /** What it needs that the demo data does not have, supplied to the page. */
  setUp?: (page: Page) => Promise<void>;
  /** The player's own answer, where the popup asks for one; Escape otherwise. */
  answer?: (page: Page) => Promise<void>;
}

const ROWS: Record<PromoPopupFlag, Row> = {
  dailyWin: {
    token: 'demo-app-token-wheel',
    title: 'Your daily win is waiting',
    text: /a free bet or free spins, one press away/,
  },
  luckyChanceForecast: {
    token: 'fresh',
    title: 'Lucky chance: call the score',
    text: /Forecast the final score of the featured match/,
    answer: async (page) => {
      const dialog = page.getByRole('dialog', { name: 'Lucky chance: call the score' });
      const posts = recordRequests(page, '/landing/LuckyChanceForm');
      // A score the form does not take is said, and nothing is sent.
      await dialog.getByLabel('First team').fill('25');
      await dialog.getByLabel('Second team').fill('1');
      await dialog.getByRole('button', { name: 'Send my forecast' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Enter a score from 0 to 20 for each team.');
      await expect(dialog.getByLabel('First team')).toHaveAttribute('aria-invalid', 'true');
      expect(posts).toHaveLength(0);
      await dialog.getByLabel('First team').fill('2');
      await dialog.getByRole('button', { name: 'Send my forecast' }).click();
      await expect(dialog.getByTestId('lucky-chance-made')).toHaveText('Your forecast 2:1 is in. Good luck!');
      expect(posts.filter((request) => request.method() === 'POST')).toHaveLength(1);
      expect(posts[posts.length - 1]?.postDataJSON()).toEqual({ promoId: 184, home: 2, away: 1 });
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    },
  },
  rouletteVsBlackjack: {
    token: null,
    title: 'Roulette or blackjack?',
    text: /Both tables are live around the clock/,
    answer: async (page) => {
      const dialog = page.getByRole('dialog', { name: 'Roulette or blackjack?' });
      await expect(dialog.getByRole('link', { name: 'Roulette' })).toHaveAttribute('href', '/liveCasino');
      await expect(dialog.getByRole('link', { name: 'Blackjack' })).toHaveAttribute('href', '/liveCasino');
      await page.keyboard.press('Escape');
    },
  },
  giftBoxValidation: {
    token: 'demo-app-token-player',
    title: 'Every gift box is checked',
    text: /checked by the server as you open it/,
  },
  giftBoxWinShown: {
    token: 'demo-app-token-player',
    title: 'Your gift box set is complete',
    text: /You completed the set in place 3\./,
    before: ['Every gift box is checked'],
    // demo.player has not completed this hunt: the board answers as if the set were complete.
    setUp: async (page) => {
      await page.route('**/promotions/*/hunt', async (route) => {
        const response = await route.fetch();
        const board = await response.json();
        if (board.me) board.me.completion = { place: 3, completedAt: Math.floor(Date.now() / 1000), prize: null };
        await route.fulfill({ response, json: board });
      });
    },
  },
  feelingsCheck: {
    token: 'demo-app-token-arabic',
    title: 'How is your play going?',
    text: /set a limit or a break in your account/,
    answer: async (page) => {
      const dialog = page.getByRole('dialog', { name: 'How is your play going?' });
      await expect(dialog.getByRole('link', { name: 'Set a limit or a break' })).toHaveAttribute(
        'href',
        '/office/account',
      );
      await dialog.getByRole('button', { name: "I'm in control" }).click();
    },
  },
  easterAdventure: {
    token: null,
    title: 'The Easter adventure is on',
    text: /open up to 3 a day/,
    answer: async (page) => {
      await page
        .getByRole('dialog', { name: 'The Easter adventure is on' })
        .getByRole('button', { name: 'Start searching' })
        .click();
      await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: /./ }).first()).toBeVisible();
    },
  },
  summerHolidays: {
    token: null,
    title: 'Summer holidays',
    text: /The promotions keep running all summer/,
    answer: async (page) => {
      await page
        .getByRole('dialog', { name: 'Summer holidays' })
        .getByRole('link', { name: 'See the promotions' })
        .click();
      await expect(page).toHaveURL(`${FRAME}/en/promotion`);
    },
  },
};

test('the table covers the 8 popups of spec 3', () => {
  expect(Object.keys(ROWS).sort()).toEqual([...PROMO_POPUP_FLAGS].sort());
});

for (const flag of PROMO_POPUP_FLAGS) {
  const row = ROWS[flag];
  const promotion = PROMO_POPUPS[flag];
  test(`${flag} on ${promotion}: shown once to ${row.token ? 'a player' : 'a visitor'}, closed by its answer or Escape, never again`, async ({
    page,
    baseURL,
    newPlayer,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await row.setUp?.(page);
    const token = row.token === 'fresh' ? (await newPlayer(PROFILES.uk)).appToken : row.token;
    if (token) await openAsAppUser(page, baseURL, token, promotion);
    else await page.goto(`${FRAME}/en/promotion/${promotion}`);
    for (const title of row.before ?? []) {
      await expect(page.getByRole('dialog', { name: title })).toBeVisible();
      await page.keyboard.press('Escape');
    }
    const dialog = page.getByRole('dialog', { name: row.title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(row.text);
    if (row.answer) await row.answer(page);
    else await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The flag is kept, for this player or the visitor.
    const stored = await page.evaluate(
      (prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix)),
      popupFlagKey(flag, null).replace(/visitor$/, ''),
    );
    expect(stored).toHaveLength(1);

    // Opened again, the page shows no popup of this flag.
    if (token) await openAsAppUser(page, baseURL, token, promotion);
    else await page.goto(`${FRAME}/en/promotion/${promotion}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog', { name: row.title })).toHaveCount(0);
  });
}
