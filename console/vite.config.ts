import { CONSOLE_PATH, OPERATOR_API_BASE } from '@promo/contract';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The operator console (issue 40, decision 042): its own bundle, served by the server under
 * /console/ (every /console/* path answers console/dist/index.html). No inline script or style, so
 * the console's CSP needs no hash.
 */
export default defineConfig({
  base: CONSOLE_PATH,
  // `npm start` builds quietly (PROMO_BUILD_LOG=quiet): warnings and errors, not the chunk list.
  ...(process.env.PROMO_BUILD_LOG === 'quiet' ? { logLevel: 'warn' as const } : {}),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    target: 'es2022',
    // The CMS editor's route is one lazy chunk of about 530 kB (118 kB brotli): Puck with its
    // drag-and-drop and the frame's blocks, loaded by /console/cms/:type/:slug alone. The warning's
    // 500 kB is for first loads; the console's own entry stays near 450 kB.
    chunkSizeWarningLimit: 600,
  },
  server: {
    // `npm run dev --workspace console` beside `npm start`: the API is the running server's.
    proxy: { [OPERATOR_API_BASE]: `http://localhost:${process.env.PORT ?? 8085}` },
  },
});
