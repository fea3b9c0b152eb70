/**
 * No server route, frame API URL or mock handler writes an API path: each comes from the endpoint
 * table in contract/ (issue 39, decision 041). The contract's table files are the one place paths
 * are written; this reads the server's sources, the frame's and its mock API's.
 */
import path from 'node:path';
import { expect, test } from 'vitest';
import { apiPathLiterals, pathLiteralsIn, sourceFiles } from './api-path-literals.ts';

const root = path.resolve(import.meta.dirname, '..');
const SCANNED = ['server/src', 'frame/src', 'frame/mock-api', 'console/src'] as const;

test('no API path is written outside the endpoint table', () => {
  // The check reads the sources that would write one.
  const files = sourceFiles(root, SCANNED);
  expect(files).toEqual(expect.arrayContaining(['server/src/app.ts', 'frame/src/shared/api/api-request.ts']));
  expect(files.some((file) => file.endsWith('.test.ts'))).toBe(false);
  expect(pathLiteralsIn(root, SCANNED)).toEqual([]);
});

test('the scanner finds each way of writing a path by hand, with its line', () => {
  const sample = [
    "import { WEB_API_BASE } from '@promo/contract';",
    "app.get('/web-api/user/balance', handler);",
    `const url = \`\${WEB_API_BASE}/tournament/\${id}/live\`;`,
    'fetch("/promo-frame/bff-api/config/all.json?lang=en");',
    `const route = \`\${OPERATOR_API_BASE}\${build(0).replace('/0/', '/:id/')}\`;`,
    "http.all('/operator-api/*', refuse);",
    'const id = (build) => build(0).replace(/\\/0(\\/|$)/, "/:id$1");',
  ].join('\n');
  expect(apiPathLiterals(sample).map((found) => found.line)).toEqual([2, 3, 4, 5, 6, 5, 7]);
});

test('comments, the bases alone and pages are not paths written by hand', () => {
  const sample = [
    '/** GET /web-api/user/balance: the accounts. */',
    `// \`\${WEB_API_BASE}/x\` was the old way`,
    `const api = API_BASES.map((base) => \`\${base}/*\`);`,
    "const page = '/promo-frame/en/promotions';",
    "const divided = total / 2; const url = 'https://example.com/web-apis';",
    'requireRequestedWith(app, WEB_API_BASE, BEACON_PATHS);',
  ].join('\n');
  expect(apiPathLiterals(sample)).toEqual([]);
});
