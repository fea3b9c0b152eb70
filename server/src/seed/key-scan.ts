/**
 * Whether source text names a dictionary key, for the checks over the locale files (no key unused,
 * each unit's keys named only where the unit is loaded). A key is named by a literal
 * ('promo_title'), by a literal and a template's fixed suffix (`${key}_title` with
 * 'home_card_lotto'), or by a template's or a literal's prefix (`promo_kicker_${id}`,
 * 'api_error_' + code): a dynamic family is used as a whole. Plural forms count as their base key.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** A plural key's base: ru and ar have more plural forms than English (i18next's JSON v4 suffixes). */
export const baseKey = (key: string): string => key.replace(PLURAL, '');

export function keyNamer(text: string): (key: string) => boolean {
  const literals = new Set([...text.matchAll(/['"`]([A-Za-z][A-Za-z0-9_]*)['"`]/g)].map((match) => match[1] ?? ''));
  const prefixes = [
    ...[...text.matchAll(/`([A-Za-z][A-Za-z0-9_]*_)\$\{/g)].map((match) => match[1] ?? ''),
    ...[...literals].filter((literal) => literal.endsWith('_')),
  ];
  const suffixes = new Set([...text.matchAll(/\$\{[^}]+\}(_[A-Za-z0-9_]+)`/g)].map((match) => match[1] ?? ''));
  const named = (key: string) =>
    literals.has(key) ||
    prefixes.some((prefix) => key.startsWith(prefix)) ||
    [...suffixes].some((suffix) => key.endsWith(suffix) && literals.has(key.slice(0, -suffix.length)));
  return (key) => named(key) || named(baseKey(key));
}
