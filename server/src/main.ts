import '../../scripts/check-node.mjs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_PATH } from '@promo/contract';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { ensureAllDraws } from './domain/lotto.ts';
import { seed } from './seed/index.ts';
import { readSettings, SettingsError } from './settings.ts';

const settings = (() => {
  try {
    return readSettings();
  } catch (error) {
    // One clear line for the operator, not a stack.
    if (!(error instanceof SettingsError)) throw error;
    process.stderr.write(`Not started: ${error.message}\n`);
    process.exit(1);
  }
})();
const database = await openDatabase({
  databaseUrl: settings.databaseUrl,
  dataDir: settings.dataDir,
  timeouts: settings.databaseTimeouts,
}).catch((error: unknown) => {
  // One clear line for the operator, not a stack: a second server on the data directory, or a
  // database that cannot be reached.
  const message =
    error instanceof DataDirLockedError
      ? error.message
      : `Database not available: ${String((error as Error)?.message ?? error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
const { revoked } = await seed(database.db, { demo: settings.seedDemo });
if (revoked.length > 0) {
  process.stderr.write(
    `Demo players and staff closed (no demo data in this mode): ${revoked.join(', ')} can no longer sign in\n`,
  );
}
const app = await buildApp(database.db, settings);

// Graceful shutdown on SIGINT / SIGTERM (and on a crash): the server stops taking connections,
// requests in flight finish (their transactions commit and their answers go out), live streams
// end, then the database closes. Past SHUTDOWN_GRACE_MS, or on a second signal, the process exits.
closeWithGrace({ delay: settings.shutdownGraceMs, logger: app.log }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'stopping after an unexpected error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
});

await app.listen({ host: settings.host, port: settings.port });
// The lotteries' draws made before the first visitor of a lottery page waits for them (seconds on
// a fresh database: every lottery's recent draws and their results).
ensureAllDraws(database.db).catch((error: unknown) => app.log.warn({ err: error }, 'lottery draws not prepared'));
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : settings.port;
const storage = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${settings.dataDir}`;
process.stdout.write(
  [
    `Promo frame reference server on http://${settings.host}:${port} (${storage})`,
    `Frame:     http://127.0.0.1:${port}/promo-frame/`,
    `Demo host: http://localhost:${port}/demo-host/`,
    ...(existsSync(path.join(settings.consoleDist, 'index.html'))
      ? [
          `Console:   http://localhost:${port}${CONSOLE_PATH}${
            settings.seedDemo ? '  (demo staff: demo.editor, demo.publisher, demo.support, demo.admin; README)' : ''
          }`,
        ]
      : []),
    '',
  ].join('\n'),
);
