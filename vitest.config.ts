import { globSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** What a server test uses to reach the run's database (server/src/testing.ts). */
const DATABASE_HELPERS = /useTestServer|openSeededDatabase|databaseTargets|testDatabaseUrl|newPlayer/;

/**
 * Server test files that reach no database of the run's kind (settings, locale files, PGlite's own
 * data directory, static files): the same on PostgreSQL, so they run once, in the server project.
 */
const DATABASE_INDEPENDENT = globSync('src/**/*.test.ts', { cwd: './server' }).filter(
  (file) => !DATABASE_HELPERS.test(readFileSync(`./server/${file}`, 'utf8')),
);

/**
 * The server's suite, on the database `env` names. The projects run one after the other
 * (groupOrder) so that each has both cores, and their files share one module graph per worker
 * (isolate: false): importing the app for every file was a fifth of the suite's time. Each test
 * builds its own app on its own database, and no server module keeps state across databases.
 */
const serverProject = (name: string, env: Record<string, string>, groupOrder: number, exclude: string[] = []) => ({
  test: {
    name,
    sequence: { groupOrder },
    root: './server',
    include: ['src/**/*.test.ts'],
    exclude,
    environment: 'node',
    env,
    testTimeout: 30_000,
    // A seeded PGlite per describe block takes over 10 s on a busy 2-core machine.
    hookTimeout: 60_000,
    globalSetup: ['./src/test-global-setup.ts'],
    isolate: false,
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
    // The server on PGlite (group 0), then on PostgreSQL (1), then the rest (2): vitest runs groups in
    // turn, the projects of one group side by side.
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'frame',
          sequence: { groupOrder: 2 },
          root: './frame',
          include: ['src/**/*.test.{ts,tsx}', 'mock-api/**/*.test.ts'],
          environment: 'jsdom',
          pool: 'vmThreads',
          globals: true,
          setupFiles: ['./src/test-setup.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'console',
          sequence: { groupOrder: 2 },
          root: './console',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          pool: 'vmThreads',
          globals: true,
          setupFiles: ['./src/test-setup.ts'],
          // The editor's tests type into a long form, as a member would.
          testTimeout: 20_000,
        },
      },
      serverProject('server', {}, 0),
      // The same suite on a real PostgreSQL server (started by the global setup on loopback, or
      // the one TEST_DATABASE_URL names): both databases on every run.
      serverProject('server-postgres', { SERVER_TEST_DATABASE: 'postgresql' }, 1, DATABASE_INDEPENDENT),
      {
        test: {
          name: 'contract',
          sequence: { groupOrder: 2 },
          root: './contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'host-sdk',
          sequence: { groupOrder: 2 },
          root: './host-sdk',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'scripts',
          sequence: { groupOrder: 2 },
          root: './scripts',
          include: ['*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'bench',
          sequence: { groupOrder: 2 },
          root: './bench',
          include: ['*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
