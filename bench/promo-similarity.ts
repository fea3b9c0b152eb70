/**
 * `npm run bench:similarity`: renders every promotion page of the built frame on the reference
 * server and measures how alike their texts are: the Jaccard index of their 3-word shingles, digits
 * masked, in each language of the site. Pairs at or above 0.8 outside the spec's shared-page groups
 * fail the run. Writes its section of bench/results.md.
 */

import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { PROMO_REGISTRY } from '@promo/contract';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { startServer } from './measure.ts';
import { writeResultsSection } from './results-file.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = 8292;
const LIMIT = 0.8;
const LANGUAGES = ['en', 'ru', 'ar'] as const;

/** Spec 2: names that share one page with different options; their pairs are not counted. */
export const SHARED_PAGE_GROUPS: readonly (readonly string[])[] = [
  ['landing-bonus-200', 'landing-bonus-150', 'landing-bonus-120'],
  ['basketball-first-deposit', 'basketball-bonus', 'nba-basketball-bonus'],
  ['uly-dala-sport-broadcast', 'gold-of-champions-broadcast', 'sports-stream'],
  ['no-risk-bet', 'loss-refund-bet', 'double-chance'],
  ['lucky-league', 'gold-of-champions'],
];

/** The set of 3-word shingles of a text, lower-cased, digits masked. */
export function shingles(text: string): Set<string> {
  const words = text.toLowerCase().replace(/\d/g, '#').split(/\s+/).filter(Boolean);
  const set = new Set<string>();
  for (let i = 0; i + 3 <= words.length; i += 1) set.add(words.slice(i, i + 3).join(' '));
  return set;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

const sharesPage = (a: string, b: string) => SHARED_PAGE_GROUPS.some((group) => group.includes(a) && group.includes(b));

export interface SimilarityReport {
  pages: number;
  pairs: number;
  atOrAbove: Array<[string, string, number]>;
  top: Array<[string, string, number]>;
}

/** All pairs of pages, the closest first. */
export function compare(texts: ReadonlyMap<string, string>): SimilarityReport {
  const sets = [...texts].map(([name, text]) => [name, shingles(text)] as const);
  const scored: Array<[string, string, number]> = [];
  for (let i = 0; i < sets.length; i += 1) {
    for (let j = i + 1; j < sets.length; j += 1) {
      const [a, sa] = sets[i] ?? ['', new Set<string>()];
      const [b, sb] = sets[j] ?? ['', new Set<string>()];
      if (!sharesPage(a, b)) scored.push([a, b, jaccard(sa, sb)]);
    }
  }
  scored.sort((x, y) => y[2] - x[2]);
  return {
    pages: sets.length,
    pairs: scored.length,
    atOrAbove: scored.filter(([, , s]) => s >= LIMIT),
    top: scored.slice(0, 5),
  };
}

async function renderedTexts(base: string, language: string): Promise<Map<string, string>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const texts = new Map<string, string>();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    for (const { name } of PROMO_REGISTRY) {
      await page.goto(`${base}/promo-frame/${language}/promotion/${name}`);
      const article = page.locator('article');
      await article.waitFor({ timeout: 20_000 });
      // Widgets fill in after the page: wait for the network to settle, then read all text.
      await page.waitForLoadState('networkidle').catch(() => undefined);
      // The text as a reader sees it with every answer opened: blocks apart, words not glued
      // (textContent would join them).
      const text = await article.evaluate((element) => {
        for (const details of element.querySelectorAll('details')) details.open = true;
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is measured
        return (element as HTMLElement).innerText;
      });
      texts.set(name, text);
    }
  } finally {
    await browser.close();
  }
  return texts;
}

type Reports = ReadonlyArray<readonly [string, SimilarityReport]>;

function writeSection(reports: Reports): void {
  const [first] = reports;
  const row = ([a, b, s]: [string, string, number]) => `| ${a} | ${b} | ${s.toFixed(3)} |`;
  writeResultsSection('promo-similarity', [
    '## Promotion pages: near-duplicates',
    '',
    `Measured ${new Date().toISOString()} by \`npm run bench:similarity\` over the ${first?.[1].pages} rendered promotion pages in each language (1366 px): Jaccard index of 3-word shingles of each page's article text, digits masked, over ${first?.[1].pairs} pairs outside the spec's shared-page groups.`,
    '',
    '| language | pairs at or above 0.8 (limit 0) | highest pair | Jaccard |',
    '|---|---|---|---|',
    ...reports.map(([language, report]) => {
      const [a = '', b = '', s = 0] = report.top[0] ?? [];
      return `| ${language} | **${report.atOrAbove.length}** | ${a} / ${b} | ${s.toFixed(3)} |`;
    }),
    '',
    'The closest pairs in English:',
    '',
    '| page | page | Jaccard |',
    '|---|---|---|',
    ...(first?.[1].top ?? []).map(row),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServer(root, PORT);
  try {
    const reports: Array<readonly [string, SimilarityReport]> = [];
    for (const language of LANGUAGES) {
      reports.push([language, compare(await renderedTexts(`http://127.0.0.1:${PORT}`, language))]);
    }
    writeSection(reports);
    for (const [language, report] of reports) {
      const summary = { language, ...report, atOrAbove: report.atOrAbove.slice(0, 20), top: report.top.slice(0, 3) };
      process.stdout.write(`${JSON.stringify(summary)}\n`);
    }
    if (reports.some(([, report]) => report.atOrAbove.length > 0)) process.exitCode = 1;
  } finally {
    server.kill();
  }
}
