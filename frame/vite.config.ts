import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_BASES,
  HOST_MESSAGE_PAYLOADS,
  type PageFamily,
  PROMO_WIDGETS,
  PROTOCOL_VERSION,
  type PromoWidget,
} from '@promo/contract';
import react from '@vitejs/plugin-react';
import { msw } from 'msw/vite';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { expandCustomMedia } from './src/shared/config/breakpoints.ts';
import {
  type BackendEnvironment,
  BUILD_DEFAULTS,
  backendEnvironmentOf,
} from './src/shared/config/build-environment.ts';

/**
 * The entry stylesheet moves to the end of the body, after the splash: the splash paints with the
 * base styles inlined in index.html without waiting for it, and the module script still runs only
 * once it has loaded (a parser-inserted stylesheet blocks scripts), so no page shows unstyled.
 */
const stylesheetAfterContent = (): Plugin => ({
  name: 'stylesheet-after-content',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const links = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
      const rest = links.reduce((page, link) => page.replace(link, ''), html);
      return rest.replace('</body>', `${links.map((link) => `  ${link.trim()}\n`).join('')}  </body>`);
    },
  },
});

/**
 * Offline mode only: the reference server's own static files the frame loads from outside its base
 * (the fingerprint script, the CMS art and stylesheets under /genfiles), read from server/public as the server
 * serves them, since no server is running.
 */
const serverPublicFiles = (): Plugin => {
  const root = fileURLToPath(new URL('../server/public/', import.meta.url));
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.webp': 'image/webp',
  };
  return {
    name: 'server-public-files',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const { pathname } = new URL(request.url ?? '/', 'http://offline');
        const file = path.join(root, path.normalize(decodeURIComponent(pathname)));
        const type = types[path.extname(file)];
        if (!/^\/(fingerprint|genfiles)\//.test(pathname) || !file.startsWith(root) || !type || !existsSync(file)) {
          next();
          return;
        }
        response.writeHead(200, { 'content-type': type });
        response.end(readFileSync(file));
      });
    },
  };
};

/** The footer and its late part (time zone note, config parts), on the pages of the default layout. */
const FOOTER = 'src/app/layouts/site-footer.tsx';
const FOOTER_NOTE = 'src/widgets/footer-details/index.ts';

/**
 * What each page family (contract PAGE_FAMILIES) loads for its first paint: its route module, and
 * the footer's note where the default layout shows one (headless CMS pages fetch it for nothing).
 * '*': what every page loads as soon as the config is there: the host connection, and what a
 * server-rendered page loads to hydrate.
 */
const FAMILY_MODULES: Record<PageFamily | '*', string[]> = {
  '*': ['src/app/host/host-connection.ts', 'src/app/hydration.ts', 'src/shared/api/site-config-schema.ts'],
  home: ['src/pages/home/index.ts', FOOTER, FOOTER_NOTE],
  lotto: ['src/pages/lotto/index.ts', FOOTER, FOOTER_NOTE],
  promotions: ['src/pages/promotions/index.ts', FOOTER, FOOTER_NOTE],
  // An information page's block loads on demand (it is no mechanic): its styles go inline with
  // every promotion page's, or the block would move once its stylesheet arrived.
  promotion: ['src/pages/promotion/index.ts', 'src/pages/promotion/ui/info-topic.tsx', FOOTER, FOOTER_NOTE],
  cms: ['src/pages/cms/index.ts', FOOTER, FOOTER_NOTE],
  blocked: ['src/pages/block/index.ts'],
  'bets-on-own': ['src/pages/bets-on-own/index.ts', FOOTER, FOOTER_NOTE],
  error: ['src/pages/errors/index.ts'],
};

/**
 * The code of each promotion widget (contract PROMO_WIDGETS): a promotion page's own extra. Each is
 * its module in the frame's mechanic registry (src/pages/promotion/mechanics/index.ts).
 */
const MECHANIC_MODULES: Record<PromoWidget, string> = Object.fromEntries(
  PROMO_WIDGETS.map((widget) => [widget, `src/pages/promotion/mechanics/${widget}.tsx`]),
) as Record<PromoWidget, string>;

/**
 * Writes .vite/page-preloads.json: per page family, for every page ('*') and per promotion
 * mechanic ('mechanic:<name>'), the chunks (with their static imports), the stylesheets and the
 * illustrations of its modules. The server names them in the page it serves, so they download
 * beside the entry instead of after it has run.
 */
const pagePreloads = (): Plugin => ({
  name: 'page-preloads',
  apply: 'build',
  writeBundle({ dir }, bundle) {
    if (!dir) throw new Error('page-preloads: the build has no output directory');
    const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
    const { chunkOf, needs } = chunkGraph(chunks);
    const groups: Array<[string, string[]]> = [
      ...Object.entries(FAMILY_MODULES),
      ...Object.entries(MECHANIC_MODULES).map(([name, key]): [string, string[]] => [`mechanic:${name}`, [key]]),
    ];
    const preloads = Object.fromEntries(
      groups.map(([group, keys]) => {
        const needed = needs(keys);
        // A chunk holds several modules (chunkPlan): the illustrations are those of the modules' own chunks.
        const own = keys.map((key) => chunkOf(key));
        return [
          group,
          {
            modules: needed.map((chunk) => chunk.fileName),
            styles: [...new Set(needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))],
            images: [
              ...new Set(
                own.flatMap((chunk) =>
                  [...(chunk.viteMetadata?.importedAssets ?? [])].filter((file) =>
                    /\.(svg|png|webp|avif|jpe?g)$/.test(file),
                  ),
                ),
              ),
            ],
          },
        ];
      }),
    );
    writeFileSync(path.join(dir, '.vite', 'page-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
  },
});

/**
 * Writes .vite/initial-modules.json: the chunks index.html loads (the entry and whatever it imports
 * statically) and their modules, relative to the repository (the bundler's virtual modules keep
 * their \0 id). The build manifest names chunks, not modules; bench/check-entry.ts reads this file
 * to check what may enter the first chunk (decision 019).
 */
const initialModules = (): Plugin => ({
  name: 'initial-modules',
  apply: 'build',
  writeBundle({ dir }, bundle) {
    if (!dir) throw new Error('initial-modules: the build has no output directory');
    const chunks = new Map<string, Rolldown.OutputChunk>();
    const visit = (chunk: Rolldown.OutputChunk) => {
      if (chunks.has(chunk.fileName)) return;
      chunks.set(chunk.fileName, chunk);
      for (const file of chunk.imports) {
        const imported = bundle[file];
        if (imported?.type === 'chunk') visit(imported);
      }
    };
    for (const output of Object.values(bundle)) if (output.type === 'chunk' && output.isEntry) visit(output);
    const repoRoot = fileURLToPath(new URL('..', import.meta.url));
    const modules = [...chunks.values()]
      .flatMap((chunk) => chunk.moduleIds)
      .map((id) => (id.startsWith('\0') ? id : path.relative(repoRoot, id)));
    writeFileSync(
      path.join(dir, '.vite', 'initial-modules.json'),
      `${JSON.stringify({ chunks: [...chunks.keys()], modules: modules.sort() }, null, 2)}\n`,
    );
  },
});

/**
 * The build's version for the init message: package version plus the commit, or the build time
 * where there is no git (a source tarball). Hosts report it with problems, so "dev" is never shipped.
 */
function frameVersion(): string {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return `${version}+${sha.trim()}`;
  } catch {
    return `${version}+${new Date().toISOString().replace(/[-:]|\.\d+/g, '')}`;
  }
}

/**
 * The branch the build is made from: FRAME_BRANCH, else git's current branch ('HEAD' when
 * detached), else '' (a source tarball). Its backend environment is spec 9's (decision 031).
 */
function buildBranch(): string {
  if (process.env.FRAME_BRANCH) return process.env.FRAME_BRANCH;
  try {
    return execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

/**
 * Spec 3 build-time variables, reported in the init message (decision 032): FRAME_PROJECT_ID,
 * FRAME_PROJECT_TYPE and FRAME_SPRITES_DIR, else the defaults; the UI library's version is the
 * installed React's. Checked with the init message's own schema, so a bad value fails the build.
 */
function buildVariables(frameVersion: string) {
  const react = createRequire(import.meta.url)('react/package.json') as { version: string };
  const variables = {
    projectId: Number(process.env.FRAME_PROJECT_ID ?? BUILD_DEFAULTS.projectId),
    projectType: process.env.FRAME_PROJECT_TYPE ?? BUILD_DEFAULTS.projectType,
    uiVersion: react.version,
    spritesDir: process.env.FRAME_SPRITES_DIR ?? BUILD_DEFAULTS.spritesDir,
  };
  HOST_MESSAGE_PAYLOADS.init.parse({ protocol: PROTOCOL_VERSION, frameVersion, path: '/', ...variables });
  return variables;
}

/** What the build is made for, defined into the code as import.meta.env.VITE_* and written to .vite/build-info.json. */
function buildInfo(command: 'build' | 'serve') {
  const version = process.env.VITE_FRAME_VERSION ?? frameVersion();
  const branch = buildBranch();
  // The dev server is local development whatever the branch: it keeps the developer tools.
  const backendEnvironment: BackendEnvironment = command === 'serve' ? 'local' : backendEnvironmentOf(branch);
  return { frameVersion: version, branch, backendEnvironment, ...buildVariables(version) };
}
type BuildInfo = ReturnType<typeof buildInfo>;

const defineOf = (info: BuildInfo) => ({
  'import.meta.env.VITE_FRAME_VERSION': JSON.stringify(info.frameVersion),
  'import.meta.env.VITE_BACKEND_ENV': JSON.stringify(info.backendEnvironment),
  'import.meta.env.VITE_PROJECT_ID': JSON.stringify(info.projectId),
  'import.meta.env.VITE_PROJECT_TYPE': JSON.stringify(info.projectType),
  'import.meta.env.VITE_UI_VERSION': JSON.stringify(info.uiVersion),
  'import.meta.env.VITE_SPRITES_DIR': JSON.stringify(info.spritesDir),
});

/**
 * Writes .vite/build-info.json: the branch, backend environment and build-time variables the build
 * was made with. The end-to-end tests read it to know whether the build has the developer tools.
 */
const buildInfoFile = (info: BuildInfo): Plugin => ({
  name: 'build-info',
  apply: 'build',
  writeBundle({ dir }) {
    if (!dir) throw new Error('build-info: the build has no output directory');
    writeFileSync(path.join(dir, '.vite', 'build-info.json'), `${JSON.stringify(info, null, 2)}\n`);
  },
});

/**
 * The CSS names spec 9's screen widths as custom media, `@media (--wide)`; this replaces each name
 * with its query from src/shared/config/breakpoints.ts, the one source code reads too (decision 031).
 */
const breakpointMedia = {
  postcssPlugin: 'breakpoint-media',
  AtRule: {
    media(rule: { params: string }) {
      rule.params = expandCustomMedia(rule.params);
    },
  },
};
const css = { postcss: { plugins: [breakpointMedia] } };

/** Illustrations stay files (cached, parsed off the JS budget) instead of data URLs in chunks. */
const assetsInlineLimit = (filePath: string) => (filePath.endsWith('.svg') ? false : undefined);

/**
 * `npm start` builds quietly (PROMO_BUILD_LOG=quiet): warnings and errors only, not the list of
 * every chunk; `npm run build` and the test command still print it.
 */
const logLevel = process.env.PROMO_BUILD_LOG === 'quiet' ? ('warn' as const) : undefined;

const frameRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The build's chunks by module, and the chunks a set of modules (keys relative to the frame) needs
 * before it runs: their own and what those import statically, the entry chunk aside.
 */
function chunkGraph(chunks: Rolldown.OutputChunk[]) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byModule = new Map<string, Rolldown.OutputChunk>();
  for (const chunk of chunks) for (const id of chunk.moduleIds) byModule.set(id, chunk);
  const chunkOf = (key: string) => {
    const chunk = byModule.get(path.join(frameRoot, key));
    if (!chunk) throw new Error(`chunks: ${key} is in no chunk of the build`);
    return chunk;
  };
  /** Chunks and what they import statically, the entry chunk aside. */
  const closure = (starts: Rolldown.OutputChunk[]): Set<Rolldown.OutputChunk> => {
    const seen = new Set<Rolldown.OutputChunk>();
    const visit = (chunk: Rolldown.OutputChunk) => {
      if (chunk.isEntry || seen.has(chunk)) return;
      seen.add(chunk);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) visit(imported);
      }
    };
    for (const chunk of starts) visit(chunk);
    return seen;
  };
  const needs = (keys: string[]): Rolldown.OutputChunk[] => [...closure(keys.map(chunkOf))];
  /** The chunks the code loaded on demand after a first view needs (the signed-in extras, dialogs...). */
  const neededLater = (): Set<Rolldown.OutputChunk> => {
    const keys = new Set(
      [...Object.values(FAMILY_MODULES).flat(), ...Object.values(MECHANIC_MODULES)].map((key) =>
        path.join(frameRoot, key),
      ),
    );
    return closure(chunks.filter((chunk) => chunk.isDynamicEntry && !chunk.moduleIds.some((id) => keys.has(id))));
  };
  return { chunkOf, needs, neededLater };
}

/** The code loaded on demand after a first view, as a member of the sets chunks are named by. */
const LATER = 'later';
/** Below this much minified code (bytes), a chunk shared by a few page families is not worth its own request. */
const SHARED_CHUNK_MIN = 8_192;
/** The families that show the default layout: what several of them share goes in one chunk when small. */
const LAYOUT_FAMILIES = new Set<string>(['home', 'lotto', 'promotions', 'promotion', 'cms', 'bets-on-own']);

/**
 * Which chunk each module goes to (decision 047), worked out from a build with the bundler's own
 * splitting: that one puts every module shared by a different set of dynamic imports in its own
 * file, so a promotion page's first view was 48 files, and a phone on HTTP/1.1 fetches six at a
 * time. Each of its chunks joins a chunk for the page families whose first view needs it: every
 * page's ('*'), one family's, a set of families' (the layout families' shared chunk when small).
 * The mechanics count as the promotion family's; what only mechanics need is the mechanic's own
 * chunk, or theirs together. What no first view needs (signed-in extras, dialogs, analytics) is
 * left as the bundler split it. Modules are placed by what the bundler found they use, after
 * tree-shaking, not by the import graph, which reaches everything through the barrels.
 */
function chunkPlan(chunks: Rolldown.OutputChunk[]): Map<string, string> {
  const { needs, neededLater } = chunkGraph(chunks);
  const everyPage = new Set(needs(FAMILY_MODULES['*']));
  // What the code loaded later needs (signed-in extras, dialogs) counts as one more family: in a
  // family's chunk, it would load that family's page code on every other page (the blocked page's
  // TTI went 1.5 -> 2.7 s when it did).
  const later = neededLater();
  const neededBy = (groups: Array<[string, string[]]>) => {
    const by = new Map<Rolldown.OutputChunk, Set<string>>();
    for (const [name, keys] of groups) {
      for (const chunk of needs(keys)) {
        if (!everyPage.has(chunk)) by.set(chunk, new Set([...(by.get(chunk) ?? []), name]));
      }
    }
    return by;
  };
  const families = neededBy(Object.entries(FAMILY_MODULES).filter(([family]) => family !== '*'));
  const mechanics = neededBy(Object.entries(MECHANIC_MODULES).map(([name, key]) => [name, [key]]));
  const order = [...Object.keys(FAMILY_MODULES), LATER];
  const setOf = (chunk: Rolldown.OutputChunk) => {
    const set = new Set(families.get(chunk));
    if (mechanics.has(chunk)) set.add('promotion');
    if (later.has(chunk)) set.add(LATER);
    return order.filter((family) => set.has(family));
  };
  const setName = (set: string[]) => (set.length === 1 ? `page-${set[0]}` : `pages-${set.join('-')}`);
  const setSize = new Map<string, number>();
  for (const chunk of families.keys()) {
    const name = setName(setOf(chunk));
    setSize.set(name, (setSize.get(name) ?? 0) + chunk.code.length);
  }
  const names = new Map<Rolldown.OutputChunk, string>();
  for (const chunk of everyPage) names.set(chunk, 'first-view');
  for (const chunk of families.keys()) {
    const set = setOf(chunk);
    const name = setName(set);
    const small = (setSize.get(name) ?? 0) < SHARED_CHUNK_MIN;
    if (set.includes(LATER)) {
      // Loaded by later code on any page: small ones together, never with page code.
      names.set(chunk, small ? 'later-shared' : name);
      continue;
    }
    const layout = set.length > 1 && set.every((family) => LAYOUT_FAMILIES.has(family));
    names.set(chunk, layout && (small || set.length === LAYOUT_FAMILIES.size) ? 'pages-shared' : name);
  }
  for (const [chunk, set] of mechanics) {
    if (!names.has(chunk)) names.set(chunk, set.size === 1 ? `mechanic-${[...set][0]}` : 'mechanics-shared');
  }
  const plan = new Map<string, string>();
  for (const [chunk, name] of names) for (const id of chunk.moduleIds) plan.set(id, name);
  return plan;
}

/**
 * The entry chunk holds exactly what the entry reaches through static imports (rolldown's
 * '$initial' tag), as one file: the bundler's default split made 13 initial files and 126.6 KB
 * brotli of the same code against 119.5 (decision 019), and every page needs all of it anyway.
 * What is reached only through a dynamic import goes where the chunk plan puts it. Which folders
 * may be in the entry chunk: docs/architecture.md, checked by bench/check-entry.ts.
 */
const chunkGroups = (plan?: Map<string, string>): Rolldown.CodeSplittingGroup[] => [
  { name: 'index', tags: ['$initial'], priority: 1 },
  // The plan names every module it places; its chunks import each other, not copies of the same code.
  ...(plan
    ? [{ name: (id: string) => plan.get(id) ?? null, debugName: 'chunk plan', includeDependenciesRecursively: false }]
    : []),
];

/** Set while the frame builds with the bundler's own splitting to plan its chunks. */
const PLANNING = 'PROMO_CHUNK_PLANNING';

/** Builds the frame in memory with the bundler's own splitting and plans the chunks from it. */
async function planChunks(mode: string): Promise<Map<string, string>> {
  process.env[PLANNING] = '1';
  try {
    const result = await build({
      root: frameRoot,
      configFile: fileURLToPath(import.meta.url),
      mode,
      logLevel: 'silent',
      build: { write: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((output) =>
      'output' in output ? output.output : [],
    );
    return chunkPlan(outputs.filter((output): output is Rolldown.OutputChunk => output.type === 'chunk'));
  } finally {
    delete process.env[PLANNING];
  }
}

export default defineConfig(async ({ command, isSsrBuild, mode }) => {
  const info = buildInfo(command);
  const plan = command === 'build' && !isSsrBuild && !process.env[PLANNING] ? await planChunks(mode) : undefined;
  const define = defineOf(info);
  return isSsrBuild
    ? {
        logLevel,
        // The server's build of the same code (decision 022): `vite build --ssr src/app/entry-server.tsx`
        // into dist-server/, imported by the reference server. Same base, CSS-module names and asset
        // URLs as the browser build, so the markup it renders is the markup the browser hydrates.
        base: '/promo-frame/',
        define,
        css,
        plugins: [react()],
        // The contract is TypeScript source: bundled, not imported at run time.
        ssr: { noExternal: ['@promo/contract'] },
        build: { target: 'node22', outDir: 'dist-server', emptyOutDir: true, sourcemap: true, assetsInlineLimit },
      }
    : {
        logLevel,
        base: '/promo-frame/',
        define,
        css,
        // Precompressed .br/.gz beside each asset: the server sends them as they are (no per-request compression).
        plugins: [
          react(),
          stylesheetAfterContent(),
          pagePreloads(),
          initialModules(),
          buildInfoFile(info),
          compression({ threshold: 512 }),
          ...(mode === 'offline' ? [msw({ mode: 'worker-only' }), serverPublicFiles()] : []),
        ],
        build: {
          target: 'es2022',
          sourcemap: true,
          // The budget gate (bench/check-budgets.ts) reads which chunks each page loads from here.
          manifest: true,
          // Every browser the frame supports (app webviews included) knows <link rel="modulepreload">:
          // the polyfill would only add bytes to the entry chunk.
          modulePreload: { polyfill: false },
          assetsInlineLimit,
          rolldownOptions: {
            checks: {
              // The host bridge is imported on demand from the entry chunk, and statically by the
              // chunk every page loads first (chunkPlan): the pages' own on-demand imports of it find
              // it loaded, which is what the plan is for, not a mistake to warn about.
              ineffectiveDynamicImport: false,
              // The quiet build prints no plugin-timing hint either: it is for whoever tunes the build.
              ...(logLevel ? { pluginTimings: false } : {}),
            },
            output: { codeSplitting: { groups: chunkGroups(plan) } },
          },
        },
        // `vite` sends the API to the reference server (`npm start`, port 8085); `vite --mode offline`
        // (`npm run dev:offline`) needs no server: MSW's worker, which its plugin serves under the
        // base, answers with the recorded, contract-checked answers of frame/mock-api/offline.
        server:
          mode === 'offline'
            ? {}
            : { proxy: Object.fromEntries(API_BASES.map((base) => [base, 'http://127.0.0.1:8085'])) },
      };
});
