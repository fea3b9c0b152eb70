/**
 * What may enter the first chunk (decision 019, docs/architecture.md): the bundler puts exactly the
 * modules the entry reaches through static imports there, and where a module lives says whether it
 * may be one of them. Module ids are relative to the repository, as the frame build writes them
 * (.vite/initial-modules.json).
 */

/** Folders of first-paint code: the app shell, the shared layer and the contract's schemas. */
export const ENTRY_FOLDERS = ['frame/src/app/', 'frame/src/shared/', 'contract/src/'] as const;

/** Feature-Sliced Design layers that load after the first paint: always reached through a dynamic import. */
export const LAZY_LAYERS = ['pages', 'widgets', 'features', 'entities'] as const;

/**
 * Packages (below node_modules/) the first paint needs: the stack docs/architecture.md names for the
 * router, server state, i18n and the store. Not zod: the config's schema is its own chunk, loaded
 * beside the config request (decision 023), so the entry neither carries nor evaluates schemas.
 */
export const ENTRY_PACKAGES = [
  'react/',
  'react-dom/',
  'scheduler/',
  'react-router/',
  'i18next/',
  'react-i18next/',
  'zustand/',
  '@tanstack/query-core/',
  '@tanstack/react-query/',
] as const;

/** The HTML entry itself, which the bundler lists among the entry chunk's modules. */
const HTML_ENTRY = 'frame/index.html';

/** Why one module may not be in the first chunk, or null where it may. */
export function entryViolation(id: string): string | null {
  // The bundler's own runtime and helpers (rolldown's runtime, Vite's preload helper).
  if (id.startsWith('\0') || id === HTML_ENTRY) return null;
  const file = id.replace(/[?#].*$/, '');
  const packageAt = file.lastIndexOf('node_modules/');
  if (packageAt >= 0) {
    const packagePath = file.slice(packageAt + 'node_modules/'.length);
    if (ENTRY_PACKAGES.some((prefix) => packagePath.startsWith(prefix))) return null;
    return `${id}: the package is not on the first chunk's allow-list (ENTRY_PACKAGES in bench/entry-rule.ts); load its user through a dynamic import`;
  }
  const layer = LAZY_LAYERS.find((name) => file.startsWith(`frame/src/${name}/`));
  if (layer) {
    return `${id}: frame/src/${layer}/ is lazy code, reached only through a dynamic import (route lazy(), import()); first-paint code lives in frame/src/app/ or frame/src/shared/`;
  }
  if (ENTRY_FOLDERS.some((folder) => file.startsWith(folder))) return null;
  return `${id}: outside the folders the first chunk may hold (${ENTRY_FOLDERS.join(', ')})`;
}

/** Every module of the first chunk that breaks the rule, each with the rule it breaks. */
export function entryViolations(modules: readonly string[]): string[] {
  return modules.flatMap((id) => entryViolation(id) ?? []);
}
