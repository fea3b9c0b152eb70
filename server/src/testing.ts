import { afterAll, beforeAll } from 'vitest';
import { buildApp } from './app.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { seed } from './db/seed/index.ts';
import { readSettings, type ServerSettings } from './settings.ts';

/** Embedded PGlite always; a real PostgreSQL server too when TEST_DATABASE_URL names one. */
export const databaseTargets = [
  { name: 'PGlite', databaseUrl: undefined },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', databaseUrl: process.env.TEST_DATABASE_URL }] : []),
];

export interface TestServer {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: DatabaseHandle;
}

/** A seeded app per describe block, built before its tests and closed after them. */
export function useTestServer(databaseUrl: string | undefined, overrides: Partial<ServerSettings> = {}): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    server.database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
    await seed(server.database.db);
    server.app = await buildApp(
      server.database.db,
      readSettings({}, { port: 9999, frameAncestors: ['https://host.example'], dataDir: 'memory://', ...overrides }),
      false,
    );
  });
  afterAll(async () => {
    await server.app.close();
    await server.database.close();
  });
  return server;
}
