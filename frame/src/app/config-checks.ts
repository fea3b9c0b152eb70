import type { SiteConfig } from '@promo/contract';

/** The name the checks give the extra block in their log lines: its field in the config payload. */
const EXTRA_BLOCK = 'dictionaryExtra';

/** What is wrong with an extra block, or null when it is a non-empty object of texts. */
function extraBlockProblem(block: unknown): string | null {
  if (block === undefined) return 'is missing';
  if (block === null) return 'is null';
  if (Array.isArray(block)) return 'is an array, not an object';
  if (typeof block !== 'object') return `is a ${typeof block}, not an object`;
  const entries = Object.entries(block);
  if (entries.length === 0) return 'is empty ({})';
  const notText = entries.filter(([, text]) => typeof text !== 'string').map(([key]) => key);
  return notText.length > 0 ? `has entries that are not texts: ${notText.join(', ')}` : null;
}

/** Configs already checked: a config is checked when it is first entered, not on every page. */
const checked = new WeakSet<SiteConfig>();

/**
 * Spec 5 checks of a site config, logged once per config and never fatal:
 * - the dictionary's extra block must be a non-empty object (a warning naming it otherwise; the
 *   page then reads the dictionary alone);
 * - a missing colour-scheme or CSS-variables URL is an error each (the page keeps the frame's
 *   default styles).
 * Returns the extra block's texts, which go over the dictionary's (none when it is wrong).
 */
export function checkSiteConfig(config: SiteConfig): Record<string, string> {
  const problem = extraBlockProblem(config.dictionaryExtra);
  if (!checked.has(config)) {
    checked.add(config);
    if (problem) console.warn(`config: the dictionary extra block (${EXTRA_BLOCK}) ${problem}; it is not applied`);
    if (!config.uiStyle.colorSchemeUrl) {
      console.error('config: the colour scheme URL (uiStyle.colorSchemeUrl) is missing; the default styles apply');
    }
    if (!config.uiStyle.cssVariablesUrl) {
      console.error('config: the CSS variables URL (uiStyle.cssVariablesUrl) is missing; the default styles apply');
    }
  }
  return problem ? {} : (config.dictionaryExtra as Record<string, string>);
}
