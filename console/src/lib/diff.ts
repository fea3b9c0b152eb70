/**
 * Field-level differences between two versions of a promotion: each leaf (a string, a number, a
 * boolean, null, an empty array or object) by its path, `texts.ru.rules.2`, with its two values.
 */

export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** Every leaf of a value by its dotted path; an absent value (undefined) has no leaves. */
export function leaves(value: unknown, path = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (value === undefined) return into;
  if (Array.isArray(value)) {
    if (value.length === 0) into.set(path, []);
    value.forEach((item, index) => {
      leaves(item, path ? `${path}.${index}` : String(index), into);
    });
    return into;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) into.set(path, {});
    for (const [key, item] of entries) leaves(item, path ? `${path}.${key}` : key, into);
    return into;
  }
  into.set(path, value);
  return into;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The leaves that differ, in the order they first appear (before's, then those only after has). */
export function diffFields(before: unknown, after: unknown): FieldChange[] {
  const a = leaves(before);
  const b = leaves(after);
  const paths = [...a.keys(), ...[...b.keys()].filter((key) => !a.has(key))];
  return paths
    .filter((path) => !same(a.get(path), b.get(path)))
    .map((path) => ({ path, before: a.get(path), after: b.get(path) }));
}

/** A leaf as one short line: strings as they are, the rest as JSON, absent as an em dash. */
export function showValue(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}
