import { test as base, expect, type Page } from '@playwright/test';

interface ProblemWatch {
  /** Lets console or page errors matching `pattern` pass (the test provokes them on purpose). */
  allow(pattern: RegExp): void;
}

/** Every test ends with no console error and no uncaught page error except those it allowed. */
export const test = base.extend<{ problems: ProblemWatch }>({
  problems: [
    async ({ page }, use) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') seen.push(`console: ${message.text()}`);
      });
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = seen.filter((p) => !allowed.some((pattern) => pattern.test(p)));
      expect(unexpected, 'unexpected console or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const FRAME = '/promo-frame';

/** Chunks of lazy route modules are named after their page folder by the bundler. */
export const chunkPattern = (name: string) => new RegExp(`/promo-frame/assets/${name}-[\\w-]+\\.js$`);

export async function htmlLangDir(page: Page): Promise<[string, string]> {
  return page.evaluate(() => [document.documentElement.lang, document.documentElement.dir] as [string, string]);
}
