import type { Locator, Page } from '@playwright/test';
import { expect, FRAME, navigateInApp, openAsAppUser } from './fixtures.ts';

/** One representative address of each page type the frame renders, and what shows it is ready. */
export interface PageType {
  name: string;
  path: string;
  /** The content that arrives last (a list, a leaderboard): the page is measured once it shows. */
  ready: (page: Page) => Locator;
  /** The signed-in player's pages: reached by an app sign-in, then moved to in the app. */
  appToken?: string;
  /** Console errors the page logs on purpose (the router reports the 404 it renders). */
  logs?: RegExp;
}

export const PAGE_TYPES: PageType[] = [
  {
    name: 'home',
    path: '/en',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Play more, win more' }),
  },
  {
    name: 'lottery draws',
    path: '/en/lotto/results/powerball',
    ready: (page) => page.locator('[data-testid="lotto-draws"] > li:not([aria-hidden])').first(),
  },
  {
    name: 'lottery info',
    path: '/en/lotto/info/GER6',
    ready: (page) => page.getByRole('heading', { level: 2, name: 'About Lotto 6 aus 49' }),
  },
  {
    name: 'banner page',
    path: '/en/banner',
    ready: (page) => page.locator('[data-testid="banners"] > li').first(),
  },
  {
    name: 'landing page',
    path: '/en/landing/summer-cup',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Summer Cup' }),
  },
  {
    name: 'CMS section',
    path: '/en/summer-cup',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Summer Cup' }),
  },
  {
    name: 'bets on your own',
    path: '/en/betsonyour/live',
    ready: (page) => page.getByRole('link', { name: 'Go to the section' }),
  },
  {
    name: 'lottery list',
    path: '/en/lotto',
    ready: (page) => page.locator('[data-testid="lottery-list"] > li[data-code]').first(),
  },
  {
    name: 'lottery game',
    path: '/en/lotto/game/powerball',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Powerball' }),
  },
  {
    name: 'lottery results',
    path: '/en/lotto/results',
    ready: (page) => page.locator('[data-testid="lotto-results"] > li a').first(),
  },
  {
    name: 'lottery tickets',
    path: '/en/lotto/tickets',
    appToken: 'demo-app-token-player',
    ready: (page) => page.getByTestId('lotto-ticket').first(),
  },
  {
    name: 'lucky day',
    path: '/en/promotion/luckyday',
    ready: (page) => page.getByTestId('lucky-draw-time'),
  },
  {
    name: 'promotions index',
    path: '/en/promotion',
    ready: (page) => page.getByRole('main').getByRole('link').first(),
  },
  {
    name: 'promotion: deposit match',
    path: '/en/promotion/bonus200',
    ready: (page) => page.getByTestId('bonus-terms'),
  },
  {
    name: 'promotion: tournament',
    path: '/en/promotion/daily-tournament',
    ready: (page) => page.getByRole('region', { name: 'Leaderboard' }).locator('table'),
  },
  {
    name: 'promotion: prize wheel',
    path: '/en/promotion/spin-wheel',
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
  {
    name: 'promotion: weekly jackpot',
    path: '/en/promotion/jackpot-of-week',
    appToken: 'demo-app-token-player',
    ready: (page) => page.getByTestId('jackpot-amount'),
  },
  {
    name: 'promotion: loss refund',
    path: '/en/promotion/loss-refund-bet',
    appToken: 'demo-app-token-player',
    ready: (page) => page.getByTestId('credits-week'),
  },
  {
    name: 'CMS page',
    path: '/en/bonus/welcome',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Welcome pack: double your first deposit' }),
  },
  {
    name: 'blocked',
    path: '/en/blockPage',
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
  {
    name: 'error',
    path: '/en/definitely/not/here',
    ready: (page) => page.getByRole('heading', { level: 1, name: '404' }),
    logs: /route error|status of 404/,
  },
];

/** Opens a page type (signing the app player in first where it needs one) and waits for its content. */
export async function openPageType(page: Page, baseURL: string | undefined, type: PageType): Promise<void> {
  if (type.appToken) {
    await openAsAppUser(page, baseURL, type.appToken, 'bonus200');
    await navigateInApp(page, type.path);
  } else {
    await page.goto(`${FRAME}${type.path}`);
  }
  await expect(type.ready(page)).toBeVisible({ timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
