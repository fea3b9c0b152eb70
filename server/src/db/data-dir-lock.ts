import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The one writer of a PGlite data directory said so, and the second server stops. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Lock files this process holds (a second open in the same process is refused too). */
const heldHere = new Set<string>();

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the data directory for this process: a lock file with its pid, made exclusively. A lock
 * left by a process that no longer runs (killed -9) is taken over; one held by a running process
 * is a DataDirLockedError naming it. Returns the release function.
 */
export function lockDataDir(dataDir: string, pid = process.pid): () => void {
  const file = path.join(dataDir, 'promo-server.lock');
  if (pid === process.pid && heldHere.has(file)) {
    throw new DataDirLockedError(`This server already uses the data directory ${dataDir}.`);
  }
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(pid));
      closeSync(fd);
      if (pid === process.pid) heldHere.add(file);
      return () => {
        heldHere.delete(file);
        try {
          if (readFileSync(file, 'utf8').trim() === String(pid)) rmSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `Another server (pid ${holder}) uses the data directory ${dataDir}; stop it, or set PGLITE_DATA_DIR to another directory.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}
