import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  base: '/promo-frame/',
  // Precompressed .br/.gz beside each asset: the server sends them as they are (no per-request compression).
  plugins: [react(), compression({ threshold: 512 })],
  build: {
    target: 'es2022',
    sourcemap: true,
    // The budget gate (bench/check-budgets.ts) reads which chunks each page loads from here.
    manifest: true,
    // Illustrations stay files (cached, parsed off the JS budget) instead of data URLs in chunks.
    assetsInlineLimit: (filePath) => (filePath.endsWith('.svg') ? false : undefined),
    rolldownOptions: {
      output: {
        // Everything but the route pages ships in the entry chunk: one file compresses better than
        // the vendor/common split the bundler picks by default (about 2.5 KB brotli less), and every
        // page needs all of it anyway. Pages stay lazy chunks.
        manualChunks: (id) => (id.includes('/src/pages/') ? undefined : 'index'),
      },
    },
  },
  server: { proxy: { '/web-api': 'http://127.0.0.1:8085', '/promo-frame/bff-api': 'http://127.0.0.1:8085' } },
});
