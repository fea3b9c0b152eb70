import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PageFamily, PromoWidget } from '@promo/contract';
import react from '@vitejs/plugin-react';
import { defineConfig, type Manifest, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** Modules loaded after the first paint; everything else is in the entry chunk. */
const LAZY_MODULES = [
  '/frame/src/pages/',
  // UI used only by lazy pages (block page padlock, error page sprite).
  '/frame/src/shared/ui/icons/',
  '/frame/src/shared/ui/ball-animation/',
  '/frame/src/app/host/host-connection',
  '/frame/src/app/host/apply-site-config-update',
  '/frame/src/app/host/dialog-placement',
  '/frame/src/app/host/window-size',
  '/frame/src/shared/host-bridge/bridge',
  '/frame/src/shared/host-bridge/auto-height',
  '/frame/src/shared/host-bridge/index',
  // Signed-in and host-only parts: account bar, user API, token lifecycle, analytics, fingerprint.
  '/frame/src/widgets/account-bar/',
  // Popups: the queue itself is tiny and stays; the dialog loads with the first popup.
  '/frame/src/app/layouts/modal-overlay',
  '/frame/src/shared/ui/modal-queue/modal-outlet',
  '/frame/src/shared/ui/modal-queue/modal-message',
  '/frame/src/shared/ui/modal-queue/dialog-band',
  '/frame/src/shared/ui/modal-queue/focus-trap',
  '/frame/src/shared/ui/mechanic/',
  '/frame/src/shared/ui/load-failed/',
  '/frame/src/shared/ui/tabs/',
  '/frame/src/widgets/countdown/',
  '/frame/src/widgets/prize-table/',
  '/frame/src/shared/lib/dates',
  '/frame/src/shared/lib/format-money',
  '/frame/src/shared/lib/format-odds',
  // Used by promotion pages and their popups only.
  '/frame/src/shared/lib/go-to-section',
  '/frame/src/shared/lib/host-prefs',
  '/frame/src/app/session/start-session',
  '/frame/src/app/session/secure-cookie',
  '/frame/src/widgets/site-footer/footer-config',
  '/frame/src/shared/lib/use-now',
  '/frame/src/shared/lib/use-verified',
  // Used by lazy modules only (idempotency keys, analytics ids).
  '/frame/src/shared/lib/random-key',
  '/frame/src/shared/lib/utc-offset',
  // The document title and its changeTitle message: set once the host connection's chunk is in.
  '/frame/src/shared/lib/document-title',
  // Host paths of products and the account: built by promotion pages and CMS blocks only.
  '/frame/src/shared/config/host-product-paths',
  // Which pages the idle prefetch loads: asked for once the page is idle (main.tsx).
  '/frame/src/app/router/prefetch',
  '/node_modules/date-fns/',
  '/node_modules/@date-fns/',
  '/frame/src/widgets/site-footer/time-zone-note',
  // Features load with the pages and widgets that use them; one the entry imports stays with it.
  '/frame/src/features/',
  '/frame/src/widgets/leaderboard/',
  '/frame/src/widgets/bet-series/',
  '/frame/src/widgets/casino-games/',
  '/frame/src/widgets/weekly-jackpot/',
  '/frame/src/widgets/cms-blocks/',
  '/node_modules/dompurify/',
  '/frame/src/shared/lib/cdn',
  '/contract/src/cms',
  '/contract/src/config-parts',
  '/contract/src/counters',
  '/contract/src/host-prefs',
  '/frame/src/entities/',
  '/frame/src/app/session/signed-in',
  '/frame/src/shared/api/api-request',
  '/frame/src/shared/api/token-manager',
  '/frame/src/shared/api/session-token',
  '/frame/src/shared/api/use-idempotent-mutation',
  '/frame/src/shared/analytics/',
  // Page views and the metrics service start once the page is idle (main.tsx); web vitals after.
  '/frame/src/app/analytics-start',
  '/node_modules/web-vitals/',
  '/contract/src/metrics',
  '/frame/src/shared/lib/first-content',
  '/frame/src/shared/fingerprint/',
  '/frame/src/shared/lib/device-info',
  '/contract/src/session',
  '/contract/src/promotions/',
  '/contract/src/lotto/',
  // Exact decimals: only lazy pages compute money (lottery prize tiers).
  '/contract/src/money',
  '/node_modules/big.js/',
  '/contract/src/analytics',
  // Only the query-core parts the entry uses stay in it (mutations and observers load with their users).
  '/node_modules/@tanstack/',
  '/node_modules/bowser/',
  '/node_modules/isbot/',
  '/contract/src/host-messages',
  // zod's checks used only by the host protocol; the core that the entry needs splits off by itself.
  '/node_modules/zod/',
];

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

/** The footer's late part (the time zone note), on the pages of the default layout. */
const FOOTER_NOTE = 'src/widgets/site-footer/time-zone-note.tsx';

/**
 * What each page family (contract PAGE_FAMILIES) loads for its first paint: its route module, and
 * the footer's note where the default layout shows one (headless CMS pages fetch it for nothing).
 * '*': what every page loads as soon as the config is there: the host connection.
 */
const FAMILY_MODULES: Record<PageFamily | '*', string[]> = {
  '*': ['src/app/host/host-connection.ts'],
  home: ['src/pages/home/index.ts', FOOTER_NOTE],
  lotto: ['src/pages/lotto/index.ts', FOOTER_NOTE],
  promotions: ['src/pages/promotions/index.ts', FOOTER_NOTE],
  promotion: ['src/pages/promotion/index.ts', FOOTER_NOTE],
  cms: ['src/pages/cms/index.ts', FOOTER_NOTE],
  blocked: ['src/pages/block/index.ts'],
};

/** The code of each promotion mechanic (contract PROMO_WIDGETS): a promotion page's own extra. */
const MECHANIC_MODULES: Record<PromoWidget, string> = {
  'spin-wheel': 'src/features/spin-wheel/index.ts',
  'choose-first-bonus': 'src/features/choose-first-bonus/index.ts',
  'activate-bonus': 'src/features/activate-bonus/index.ts',
  'take-daily-bonus': 'src/features/take-daily-bonus/index.ts',
  leaderboard: 'src/widgets/leaderboard/index.ts',
  'broadcast-board': 'src/widgets/leaderboard/index.ts',
  'take-lucky-ticket': 'src/features/take-lucky-ticket/index.ts',
  'bet-series': 'src/widgets/bet-series/index.ts',
  'search-hunt': 'src/features/search-hunt/index.ts',
  'casino-games': 'src/widgets/casino-games/index.ts',
  'promo-credits': 'src/features/promo-credits/index.ts',
  'weekly-jackpot': 'src/widgets/weekly-jackpot/index.ts',
};

/**
 * Writes .vite/page-preloads.json: per page family, for every page ('*') and per promotion
 * mechanic ('mechanic:<name>'), the chunks (with their static imports), the stylesheets and the
 * illustrations of its modules. The server names them in the page it serves, so they download
 * beside the entry instead of after it has run.
 */
const pagePreloads = (): Plugin => {
  let outDir = '';
  return {
    name: 'page-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      const groups: Array<[string, string[]]> = [
        ...Object.entries(FAMILY_MODULES),
        ...Object.entries(MECHANIC_MODULES).map(([name, key]): [string, string[]] => [`mechanic:${name}`, [key]]),
      ];
      const preloads = Object.fromEntries(
        groups.map(([group, keys]) => {
          const files = new Set<string>();
          const visit = (name: string) => {
            const chunk = manifest[name];
            if (!chunk) throw new Error(`page-preloads: ${name} is not in the build manifest`);
            if (chunk.isEntry || files.has(chunk.file)) return;
            files.add(chunk.file);
            for (const css of chunk.css ?? []) files.add(css);
            for (const dependency of chunk.imports ?? []) visit(dependency);
          };
          for (const key of keys) visit(key);
          const list = [...files];
          return [
            group,
            {
              modules: list.filter((file) => file.endsWith('.js')),
              styles: list.filter((file) => file.endsWith('.css')),
              images: keys.flatMap((key) =>
                (manifest[key]?.assets ?? []).filter((file) => /\.(svg|png|webp|avif|jpe?g)$/.test(file)),
              ),
            },
          ];
        }),
      );
      writeFileSync(path.join(outDir, '.vite', 'page-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
    },
  };
};

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

export default defineConfig({
  base: '/promo-frame/',
  define: { 'import.meta.env.VITE_FRAME_VERSION': JSON.stringify(process.env.VITE_FRAME_VERSION ?? frameVersion()) },
  // Precompressed .br/.gz beside each asset: the server sends them as they are (no per-request compression).
  plugins: [react(), stylesheetAfterContent(), pagePreloads(), compression({ threshold: 512 })],
  build: {
    target: 'es2022',
    sourcemap: true,
    // The budget gate (bench/check-budgets.ts) reads which chunks each page loads from here.
    manifest: true,
    // Every browser the frame supports (app webviews included) knows <link rel="modulepreload">:
    // the polyfill would only add bytes to the entry chunk.
    modulePreload: { polyfill: false },
    // Illustrations stay files (cached, parsed off the JS budget) instead of data URLs in chunks.
    assetsInlineLimit: (filePath) => (filePath.endsWith('.svg') ? false : undefined),
    rolldownOptions: {
      output: {
        // Everything but the lazy modules ships in the entry chunk: one file compresses better than
        // the vendor/common split the bundler picks by default (about 2.5 KB brotli less), and
        // every page needs all of it anyway. Pages and the host connection stay lazy chunks.
        manualChunks: (id) => (LAZY_MODULES.some((part) => id.includes(part)) ? undefined : 'index'),
      },
    },
  },
  server: { proxy: { '/web-api': 'http://127.0.0.1:8085', '/promo-frame/bff-api': 'http://127.0.0.1:8085' } },
});
