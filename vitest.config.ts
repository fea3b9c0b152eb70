import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The server's suite, on the database `env` names (server/src/testing.ts). */
const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env,
    testTimeout: 30_000,
    // A seeded PGlite per describe block takes over 10 s on a busy 2-core machine.
    hookTimeout: 60_000,
    globalSetup: ['./src/test-global-setup.ts'],
  },
});

export default defineConfig({
  test: {
    // One file per core: Vitest's default for a run leaves one core out (one worker on 2 cores),
    // and the server's files wait on PostgreSQL (another process) much of their time.
    maxWorkers: '100%',
    // Files and the tests inside them run in a random order (the seed is printed at the start;
    // replay with --sequence.seed=<n>): no test may lean on what another left behind (issue 24).
    sequence: { shuffle: true },
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'frame',
          root: './frame',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          pool: 'vmThreads',
          globals: true,
          setupFiles: ['./src/test-setup.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
      serverProject('server', {}),
      // The same suite on a real PostgreSQL server (started by the global setup on loopback, or
      // the one TEST_DATABASE_URL names): both databases on every run.
      serverProject('server-postgres', { SERVER_TEST_DATABASE: 'postgresql' }),
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
