import { defineConfig } from 'vite';

/** Browser build of the SDK (ES module), served by the reference server under /host-sdk/. */
export default defineConfig({
  build: {
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'host-sdk.js' },
    outDir: 'dist',
    target: 'es2020',
    sourcemap: true,
  },
  logLevel: 'warn',
});
