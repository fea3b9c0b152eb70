import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'frame',
          root: './frame',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globals: true,
          setupFiles: ['./src/test-setup.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          // A seeded PGlite per describe block takes over 10 s on a busy 2-core machine.
          hookTimeout: 60_000,
          globalSetup: ['./src/test-global-setup.ts'],
        },
      },
      {
        test: { name: 'contract', root: './contract', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'host-sdk', root: './host-sdk', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'scripts', root: './scripts', include: ['*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'bench', root: './bench', include: ['*.test.ts'], environment: 'node' },
      },
    ],
  },
});
