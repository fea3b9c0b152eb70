/**
 * docs/spec-coverage.md holds one row per row of the spec's sections 1 to 9: where it lives in the
 * code, which tests check it, and the decision record for what the spec leaves open. The spec is
 * kept outside the repository, so the page is the source: this test reads only the page and the
 * files it names. A row that names no test, or a file, test name or record the repository does not
 * have, or that is left to do, fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const PAGE = 'docs/spec-coverage.md';

/**
 * Rows per section of the spec, as the page has them: a row dropped from the page fails here. When
 * the spec gains a row, the page gets it and this count follows.
 */
const ROWS_PER_SECTION: Readonly<Record<number, number>> = {
  1: 6,
  2: 46,
  3: 33,
  4: 14,
  5: 8,
  6: 3,
  7: 56,
  8: 20,
  9: 33,
};

const COLUMNS = ['Id', 'Spec', 'Code', 'Tests', 'Decision'];
const HEADER = `| ${COLUMNS.join(' | ')} |`;
const SEPARATOR = /^\|(\s*:?-{3,}:?\s*\|)+$/;
const SECTION = /^## (\d+)\. /;
/** `S7-promotions-4` (section 7, group promotions, row 4) or `S4-12` (section 4, row 12). */
const ROW_ID = /^S(\d+)-(?:([a-z]+(?:-[a-z]+)*)-)?(\d+)$/;
const CODE_REF = /`([^`\s]+)`/g;
/** A test file, then the words of one or more of its tests' names: `file` "words", "more words". */
const TEST_REF = /`([^`\s]+)`((?:\s*,?\s*"[^"]+")*)/g;
const TEST_NAME = /"([^"]+)"/g;
const TEST_FILE = /\.(test|spec)\.tsx?$/;
/** `[027](decisions/027-error-page-bonus-rules-event.md)`, relative to docs/. */
const DECISION_REF = /\[(\d{3})\]\((decisions\/(\d{3})-[a-z0-9-]+\.md)\)/g;
/** What is left of a cell once its references are taken out: separators only. */
const ONLY_SEPARATORS = /^[\s,;]*$/;
/** Words that say a row is not done. */
const NOT_DONE = /\b(missing|todo|tbd|fixme|none|n\/a|not implemented)\b/i;

interface Row {
  section: number;
  id: string;
  spec: string;
  code: string;
  tests: string;
  decision: string;
}

/** The cells of a table line, without the padding the formatter aligns them with. */
const cellsOf = (line: string): string[] =>
  line
    .trim()
    .slice(1, -1)
    .split('|')
    .map((cell) => cell.trim());

/** The rows of the page's tables, each with the section whose heading it sits under. */
function parseRows(markdown: string): { rows: Row[]; found: string[] } {
  const rows: Row[] = [];
  const found: string[] = [];
  let section = 0;
  let inTable = false;
  for (const [index, line] of markdown.split('\n').entries()) {
    const heading = SECTION.exec(line);
    if (heading) section = Number(heading[1]);
    if (!line.startsWith('|')) {
      inTable = false;
      continue;
    }
    if (!inTable) {
      if (cellsOf(line).join('|') !== COLUMNS.join('|')) {
        found.push(`line ${index + 1}: a table whose header is not ${HEADER}`);
      }
      inTable = true;
      continue;
    }
    if (SEPARATOR.test(line.trim())) continue;
    const cells = cellsOf(line);
    if (cells.length !== COLUMNS.length) {
      found.push(`line ${index + 1}: ${cells.length} cells instead of ${COLUMNS.length} (a | inside a cell?)`);
      continue;
    }
    const [id = '', spec = '', code = '', tests = '', decision = ''] = cells;
    rows.push({ section, id, spec, code, tests, decision });
  }
  return { rows, found };
}

/** What the rest of a cell says once its references are out: nothing, or why it is not a reference. */
function leftover(rest: string, cell: string): string[] {
  if (ONLY_SEPARATORS.test(rest)) return [];
  const words = rest.trim();
  return [NOT_DONE.test(words) ? `${cell} says "${words}"` : `${cell} has "${words}", which is not a reference`];
}

/** Reads a repository file once; undefined when there is none. */
function reader(repositoryRoot: string): (file: string) => string | undefined {
  const texts = new Map<string, string | undefined>();
  return (file) => {
    if (!texts.has(file)) {
      const full = path.join(repositoryRoot, file);
      texts.set(file, existsSync(full) ? readFileSync(full, 'utf8') : undefined);
    }
    return texts.get(file);
  };
}

/** What is wrong with one row. */
function rowProblems(row: Row, read: (file: string) => string | undefined, repositoryRoot: string): string[] {
  const found: string[] = [];
  const match = ROW_ID.exec(row.id);
  if (!match) found.push('its id is not S<section>-<group>-<n>');
  else if (Number(match[1]) !== row.section) found.push(`its id is not of section ${row.section}`);
  if (row.spec === '') found.push('it quotes no spec row');
  if (/\b(todo|tbd|fixme)\b/i.test(row.spec)) found.push('its spec text says it is left to do');

  const codeFiles = [...row.code.matchAll(CODE_REF)].map(([, file = '']) => file);
  if (codeFiles.length === 0) found.push('it names no code');
  for (const file of codeFiles) {
    if (!existsSync(path.join(repositoryRoot, file))) found.push(`code \`${file}\` does not exist`);
  }
  found.push(...leftover(row.code.replace(CODE_REF, ''), 'Code'));

  const tests = [...row.tests.matchAll(TEST_REF)];
  if (tests.length === 0) found.push('it names no test');
  for (const [, file = '', quoted = ''] of tests) {
    const text = read(file);
    if (!TEST_FILE.test(file)) found.push(`\`${file}\` is not a test file`);
    else if (text === undefined) found.push(`test \`${file}\` does not exist`);
    else {
      for (const [, name = ''] of quoted.matchAll(TEST_NAME)) {
        if (!text.includes(name)) found.push(`\`${file}\` has no test named "${name}"`);
      }
    }
  }
  found.push(...leftover(row.tests.replace(TEST_REF, ''), 'Tests'));

  for (const [, number, record = '', recordNumber] of row.decision.matchAll(DECISION_REF)) {
    if (number !== recordNumber) found.push(`decision [${number}] links to ${record}`);
    if (!existsSync(path.join(repositoryRoot, 'docs', record))) found.push(`decision ${record} does not exist`);
  }
  found.push(...leftover(row.decision.replace(DECISION_REF, ''), 'Decision'));
  return found;
}

/** Every problem of the page: its tables, its rows, and the numbering of each group of rows. */
function problems(markdown: string, repositoryRoot = root): string[] {
  const { rows, found } = parseRows(markdown);
  const read = reader(repositoryRoot);
  const seen = new Set<string>();
  const lastOfGroup = new Map<string, number>();
  for (const row of rows) {
    if (seen.has(row.id)) found.push(`${row.id}: a second row with this id`);
    seen.add(row.id);
    const match = ROW_ID.exec(row.id);
    if (match) {
      const group = `S${match[1]}-${match[2] ? `${match[2]}-` : ''}`;
      const n = Number(match[3]);
      const expected = (lastOfGroup.get(group) ?? 0) + 1;
      if (n !== expected) found.push(`${row.id}: the row after ${group}${expected - 1} should be number ${expected}`);
      lastOfGroup.set(group, n);
    }
    for (const problem of rowProblems(row, read, repositoryRoot)) found.push(`${row.id || '(no id)'}: ${problem}`);
  }
  return found;
}

const page = readFileSync(path.join(root, PAGE), 'utf8');

test('every row names existing code, existing tests with their names, and existing decision records', () => {
  expect(problems(page)).toEqual([]);
});

test('every section of the spec has its rows', () => {
  const counts: Record<number, number> = {};
  for (const { section } of parseRows(page).rows) counts[section] = (counts[section] ?? 0) + 1;
  expect(counts).toEqual(ROWS_PER_SECTION);
});

test('the check finds each kind of row that does not hold, and nothing else', () => {
  const fixture = [
    '## 2. Screens',
    '',
    // Cells as the formatter pads them.
    '| Id          | Spec | Code                     | Tests                                           | Decision |',
    '| ----------- | ---- | ------------------------ | ----------------------------------------------- | -------- |',
    '| S2-routes-1 | Home | `frame/src/app/main.tsx` | `frame/e2e/shell.spec.ts` "home renders the hero" | [004](decisions/004-access-middleware-as-router-middleware.md) |',
    '| S2-routes-2 | No test named | `frame/src/app/main.tsx` | | |',
    '| S2-routes-3 | Missing files | `frame/src/app/nope.ts` | `frame/src/app/nope.test.ts`; `frame/src/app/main.tsx` | [999](decisions/999-nothing.md) |',
    '| S2-routes-4 | A renamed test | `frame/src/app/main.tsx` | `frame/e2e/shell.spec.ts` "a test nobody wrote" | |',
    '| S2-routes-5 | Left to do | missing | TODO | |',
    '| S2-routes-7 | A gap in the numbers | `frame/src/app/main.tsx` | `frame/e2e/shell.spec.ts` | |',
    '| S2-routes-7 | An id twice | `frame/src/app/main.tsx` | `frame/e2e/shell.spec.ts` | |',
    '| S3-1 | Another section | `frame/src/app/main.tsx` | `frame/e2e/shell.spec.ts` | see 004 |',
    '| S2-routes-8 | A | in a cell | `frame/src/app/main.tsx` | `frame/e2e/shell.spec.ts` | |',
    '',
    '| Id | What | Where |',
    '|---|---|---|',
  ].join('\n');
  expect(problems(fixture)).toEqual([
    'line 13: 6 cells instead of 5 (a | inside a cell?)',
    'line 15: a table whose header is not | Id | Spec | Code | Tests | Decision |',
    'S2-routes-2: it names no test',
    'S2-routes-3: code `frame/src/app/nope.ts` does not exist',
    'S2-routes-3: test `frame/src/app/nope.test.ts` does not exist',
    'S2-routes-3: `frame/src/app/main.tsx` is not a test file',
    'S2-routes-3: decision decisions/999-nothing.md does not exist',
    'S2-routes-4: `frame/e2e/shell.spec.ts` has no test named "a test nobody wrote"',
    'S2-routes-5: it names no code',
    'S2-routes-5: Code says "missing"',
    'S2-routes-5: it names no test',
    'S2-routes-5: Tests says "TODO"',
    'S2-routes-7: the row after S2-routes-5 should be number 6',
    'S2-routes-7: a second row with this id',
    'S2-routes-7: the row after S2-routes-7 should be number 8',
    'S3-1: its id is not of section 2',
    'S3-1: Decision has "see 004", which is not a reference',
  ]);
});
