import { expect, test } from 'vitest';
import { entryViolations } from './entry-rule.ts';

/** One module of each kind the first chunk holds today (frame/dist/.vite/initial-modules.json). */
const ALLOWED = [
  '\0rolldown/runtime.js',
  '\0vite/preload-helper.js',
  'contract/src/site-config-request.ts',
  'frame/index.html',
  'frame/src/app/main.tsx',
  'frame/src/app/layouts/site-footer.module.css',
  'frame/src/shared/ui/host-link/host-link.tsx',
  'node_modules/@tanstack/query-core/build/modern/queryClient.js',
  'node_modules/@tanstack/react-query/build/modern/QueryClientProvider.js',
  'node_modules/i18next/dist/esm/i18next.js',
  'node_modules/react-dom/cjs/react-dom-client.production.js',
  'node_modules/react-i18next/dist/es/useTranslation.js',
  'node_modules/react-router/dist/production/lib/router/router.js',
  'node_modules/react/jsx-runtime.js',
  'node_modules/scheduler/cjs/scheduler.production.js',
  'node_modules/zustand/esm/vanilla.mjs',
];

test('the modules the first chunk holds today pass', () => {
  expect(entryViolations(ALLOWED)).toEqual([]);
});

test('a module of a lazy layer fails, named with the rule', () => {
  expect(entryViolations([...ALLOWED, 'frame/src/features/x/index.ts'])).toEqual([
    'frame/src/features/x/index.ts: frame/src/features/ is lazy code, reached only through a dynamic import (route lazy(), import()); first-paint code lives in frame/src/app/ or frame/src/shared/',
  ]);
  for (const id of [
    'frame/src/pages/home/index.ts',
    'frame/src/widgets/a/b.tsx',
    'frame/src/entities/user/x.module.css',
  ]) {
    expect(entryViolations([id])).toHaveLength(1);
  }
});

test('a package outside the allow-list fails, zod included (the schemas load beside the config request)', () => {
  expect(entryViolations(['node_modules/date-fns/format.js'])).toEqual([
    "node_modules/date-fns/format.js: the package is not on the first chunk's allow-list (ENTRY_PACKAGES in bench/entry-rule.ts); load its user through a dynamic import",
  ]);
  expect(
    entryViolations([
      'node_modules/zod/v4/mini/schemas.js',
      'node_modules/zod/v4/core/schemas.js',
      'frame/node_modules/dompurify/dist/purify.es.mjs',
    ]),
  ).toHaveLength(3);
  // A package whose name starts like an allowed one is another package.
  expect(entryViolations(['node_modules/react-markdown/index.js'])).toHaveLength(1);
});

test('a module outside the entry folders fails', () => {
  expect(entryViolations(['host-sdk/src/index.ts', 'frame/src/test-setup.ts'])).toEqual([
    'host-sdk/src/index.ts: outside the folders the first chunk may hold (frame/src/app/, frame/src/shared/, contract/src/)',
    'frame/src/test-setup.ts: outside the folders the first chunk may hold (frame/src/app/, frame/src/shared/, contract/src/)',
  ]);
});
