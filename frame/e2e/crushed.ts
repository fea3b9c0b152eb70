import type { CDPSession, Page } from '@playwright/test';
import { BREAKPOINTS } from '../src/shared/config/breakpoints.ts';

/**
 * Content crushed inside its own box, as a person sees it and the page's scroll width does not:
 * digits overlapping in a box narrower than they are, a label broken inside a word ("da ys").
 * Nothing need overflow the page for that, so the overflow walk cannot see it (issue 37).
 */

/** Both sides of each breakpoint (spec 9), the narrowest phone and a full-HD window. */
export const EDGE_WIDTHS: readonly number[] = [
  320,
  ...Object.values(BREAKPOINTS).flatMap((width) => [width - 1, width]),
  // The issue's own list: a common phone, beside the edges.
  390,
].sort((a, b) => a - b);

/**
 * Every promotion page's widths, the issue's: the narrowest phone, a common one, a tablet, a laptop,
 * a desktop, full HD. The breakpoints' other edges are walked on each page type (EDGE_WIDTHS).
 */
export const READING_WIDTHS: readonly number[] = [320, 390, 768, 1100, 1366, 1920];

/**
 * Runs in the page: one line per element with text whose content is wider than its box while its
 * overflow is visible (children spilling out of it), and per word broken across two lines. Hashes
 * and other identifiers the page marks `word-break: break-all` are no words and may break anywhere.
 */
export function crushedContent(): string[] {
  const found: string[] = [];
  const name = (element: Element) => {
    const className = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
    return `${element.tagName.toLowerCase()}${className ? `.${className}` : ''}`;
  };
  const quote = (text: string | null) => JSON.stringify((text ?? '').trim().replace(/\s+/g, ' ').slice(0, 40));
  // What nobody sees: SVG art, hidden elements, the inside of a closed <details>.
  const unseen = 'svg, [hidden], details:not([open]) > :not(summary)';
  // Boxes first: after one layout their widths are cheap to read, and few differ from their content.
  for (const element of document.body.querySelectorAll('*')) {
    // A box of no width with content is the worst case: crushed out of sight (sub-pixel rounding
    // makes scrollWidth 1 px over at some widths, hence the pixel of slack).
    if (element.scrollWidth <= element.clientWidth + 1) continue;
    const style = getComputedStyle(element);
    if (style.display === 'inline' || style.display === 'contents' || style.display === 'none') continue;
    if (style.visibility !== 'visible' || style.overflowX !== 'visible') continue;
    if (!element.textContent?.trim() || element.closest(unseen)) continue;
    found.push(
      `${name(element)} is ${element.clientWidth}px, its content ${element.scrollWidth}px: ${quote(element.textContent)}`,
    );
  }
  const range = document.createRange();
  /** Whether the range's boxes lie on more than one line. */
  const spansLines = () => {
    const lines = [...range.getClientRects()].filter((rect) => rect.width > 0);
    // Several boxes on one line are bidi runs of one word (Arabic beside digits), not a break. A
    // box starts below the first one's middle only on a later line: with a tight line height
    // (1.05 in the titles) a line's box overlaps the one above it.
    const first = lines[0];
    return Boolean(first && lines.some((rect) => rect.top > first.top + first.height / 2));
  };
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode() as Text | null; node; node = texts.nextNode() as Text | null) {
    const parent = node.parentElement;
    if (!parent || !node.data.trim()) continue;
    // Only a text on several lines can break a word: most texts are one line, read in one call.
    range.selectNodeContents(node);
    if (!spansLines()) continue;
    if (parent.closest(`script, style, noscript, ${unseen}`)) continue;
    if (getComputedStyle(parent).wordBreak === 'break-all') continue;
    // A word ends at a space, or after a hyphen, dash or slash, where a line may break by right.
    for (const word of node.data.matchAll(/[^\s\-‐–—/]+[-‐–—/]?/gu)) {
      if (word[0].length < 2) continue;
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      if (spansLines()) found.push(`${name(parent)} breaks the word ${quote(word[0])}`);
    }
  }
  return found;
}

/**
 * Sizes the window through the DevTools protocol: Playwright's own resize waits for extra frames
 * and made a walk of many widths slow on the 2-core test machine.
 */
export async function resizeTo(cdp: CDPSession, width: number): Promise<void> {
  await cdp.send('Emulation.setDeviceMetricsOverride', { width, height: 800, deviceScaleFactor: 1, mobile: false });
}

/** The page at each width: "width: what is crushed" for each width where something is. */
export async function crushedAtWidths(page: Page, cdp: CDPSession, widths: readonly number[]): Promise<string[]> {
  const failing: string[] = [];
  for (const width of widths) {
    await resizeTo(cdp, width);
    const found = await page.evaluate(crushedContent);
    if (found.length > 0) failing.push(`${width}: ${found.slice(0, 4).join(' | ')}`);
  }
  return failing;
}

/** What a page still moving or loading shows: the route's progress bar, a skeleton, a widget's placeholder. */
const LOADING = '[role="progressbar"], [aria-hidden="true"][class*="skeleton"], [class*="mechanicPlaceholder"]';

/** Until the page has arrived and no part of it is still loading, and its fonts are in. */
export async function waitForContent(page: Page): Promise<void> {
  // Polled on a timer, not on animation frames: a page that paints nothing new (all of it in place
  // but one hidden placeholder's last frame) gave no frame to poll on, and a walk waited 90 s (a
  // clean run under load).
  await page.waitForFunction((loading) => !document.querySelector(loading), LOADING, { polling: 50 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
