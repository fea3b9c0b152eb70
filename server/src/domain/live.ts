import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

/**
 * Tells the open live streams that a tournament's standings changed. In-process: the reference
 * server is one process; behind several, a PostgreSQL LISTEN/NOTIFY channel would carry it.
 */
export interface StandingsBus {
  /** This process's start: a page that saw versions of another start reads its standings again. */
  readonly boot: string;
  /** The standings of these tournaments changed (after the change was committed). */
  publish(tournamentIds: readonly number[]): void;
  /** The version of a tournament's standings: it grows with every change since the start. */
  version(tournamentId: number): number;
  subscribe(tournamentId: number, listener: (version: number) => void): () => void;
  /** Ends every stream (the server is closing). */
  close(): void;
  onClose(listener: () => void): () => void;
}

export function createStandingsBus(): StandingsBus {
  const emitter = new EventEmitter();
  // One listener per open stream; a busy leaderboard may have many.
  emitter.setMaxListeners(0);
  const versions = new Map<number, number>();
  return {
    boot: randomUUID(),
    publish(ids) {
      for (const id of ids) {
        const version = (versions.get(id) ?? 0) + 1;
        versions.set(id, version);
        emitter.emit(`t:${id}`, version);
      }
    },
    version: (id) => versions.get(id) ?? 0,
    subscribe(id, listener) {
      emitter.on(`t:${id}`, listener);
      return () => emitter.off(`t:${id}`, listener);
    },
    close() {
      emitter.emit('close');
    },
    onClose(listener) {
      emitter.on('close', listener);
      return () => emitter.off('close', listener);
    },
  };
}
