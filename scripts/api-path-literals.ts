/**
 * Finds API paths written outside the endpoint table (issue 39, decision 041): string and template
 * literals that name a path under an API base (`'/web-api/…'`, `'/operator-api/…'`,
 * `'/promo-frame/bff-api/…'`), templates that build one from a base constant
 * (`${WEB_API_BASE}/x`), and a route made by swapping an id for a parameter (`.replace('/0/'`).
 * Comments are not read: they may name the paths they document.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One path written by hand: its file, line and the literal (or the code) that writes it. */
export interface PathLiteral {
  file: string;
  line: number;
  text: string;
}

const UNDER_API_BASE = /(?:^|[^\w.-])\/(?:web-api|operator-api|promo-frame\/bff-api)(?:[/?*]|$)/;
const FROM_BASE_CONSTANT = /\$\{\s*(?:WEB_API_BASE|OPERATOR_API_BASE|BFF_API_BASE)\s*\}\s*[/$]/;
const ID_SWAP = /\.replace\(\s*(?:['"`]\/0\/|\/\\\/0)/;

interface Piece {
  kind: 'literal' | 'code';
  text: string;
  /** Offset of the piece in the source. */
  at: number;
}

/**
 * The source as literals and code, comments left out. A template's whole text is one literal
 * (its `${…}` parts included, so a base constant inside is seen); a `/` after an operand is a
 * division, else a regular expression, read as code.
 */
function pieces(source: string): Piece[] {
  const out: Piece[] = [];
  let code = '';
  let codeAt = 0;
  const flush = (next: number) => {
    if (code) out.push({ kind: 'code', text: code, at: codeAt });
    code = '';
    codeAt = next;
  };
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    const next = source[i + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      i = end === -1 ? source.length : end;
      continue;
    }
    if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const after = end === -1 ? source.length : end + 2;
      // Its lines stay, so that what follows keeps its line number.
      code += '\n'.repeat(source.slice(i, after).split('\n').length - 1);
      i = after;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      flush(i);
      let j = i + 1;
      let depth = 0;
      while (j < source.length) {
        const c = source[j];
        if (c === '\\') j += 2;
        else if (char === '`' && c === '$' && source[j + 1] === '{') {
          depth += 1;
          j += 2;
        } else if (char === '`' && depth > 0 && c === '}') {
          depth -= 1;
          j += 1;
        } else if (c === char && depth === 0) break;
        else j += 1;
      }
      out.push({ kind: 'literal', text: source.slice(i + 1, j), at: i });
      i = j + 1;
      codeAt = i;
      continue;
    }
    code += char;
    i += 1;
  }
  flush(i);
  return out;
}

/** The API paths a source writes by hand, with their lines (1-based). */
export function apiPathLiterals(source: string, file = '<source>'): PathLiteral[] {
  const found: PathLiteral[] = [];
  const lineOf = (at: number) => source.slice(0, at).split('\n').length;
  for (const piece of pieces(source)) {
    const hit =
      piece.kind === 'literal'
        ? UNDER_API_BASE.test(piece.text) || FROM_BASE_CONSTANT.test(piece.text)
        : FROM_BASE_CONSTANT.test(piece.text);
    if (hit) found.push({ file, line: lineOf(piece.at), text: piece.text.trim().slice(0, 120) });
  }
  // An id swapped for a parameter spans a literal and the code around it: read the source whole,
  // without its comments (their lines kept).
  const uncommented = pieces(source)
    .map((piece) => (piece.kind === 'literal' ? `'${piece.text}'` : piece.text))
    .join('');
  uncommented.split('\n').forEach((text, index) => {
    const match = ID_SWAP.exec(text);
    if (match) found.push({ file, line: index + 1, text: match[0] });
  });
  return found;
}

const SOURCE = /\.(?:ts|tsx|mts)$/;
const TEST = /\.(?:test|spec)\.tsx?$|(?:^|\/)test-[\w-]+\.ts$/;

/**
 * The source files of `dirs` (relative to `root`) the check reads: TypeScript, not tests (a test
 * writes the URL a client sends, decision 041) nor their setup files.
 */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .map((name) => path.join(dir, name).split(path.sep).join('/'))
      .filter((name) => SOURCE.test(name) && !TEST.test(name) && !name.includes('node_modules/'))
      .sort(),
  );
}

/** Every path written by hand in the files of `dirs`. */
export function pathLiteralsIn(root: string, dirs: readonly string[]): PathLiteral[] {
  return sourceFiles(root, dirs).flatMap((file) => apiPathLiterals(readFileSync(path.join(root, file), 'utf8'), file));
}
