import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { z } from 'zod';
import { type Notifications, readPayload } from '../db/notifications.ts';

/**
 * Tells the open live streams that a tournament's standings changed, in this process at once and
 * in every other process on the same database through the standings notification (a page's
 * stream may be held by any of them).
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

/** What one process tells the others: which standings changed, and that it was this process. */
const changeSchema = z.object({ from: z.string(), ids: z.array(z.number().int().positive()).max(10_000) });

/** Tournament ids per notification (well inside PostgreSQL's 8000-byte payload). */
const NOTIFY_IDS = 500;

export function createStandingsBus(notifications: Notifications, log: (error: unknown) => void): StandingsBus {
  const emitter = new EventEmitter();
  // One listener per open stream; a busy leaderboard may have many.
  emitter.setMaxListeners(0);
  const versions = new Map<number, number>();
  const boot = randomUUID();
  const changed = (ids: readonly number[]) => {
    for (const id of ids) {
      const version = (versions.get(id) ?? 0) + 1;
      versions.set(id, version);
      emitter.emit(`t:${id}`, version);
    }
  };
  const stopListening = notifications.listen('standings', (payload) => {
    const change = readPayload(changeSchema, payload);
    if (!change) return log(new Error(`ignored standings notification: ${payload.slice(0, 100)}`));
    if (change.from !== boot) changed(change.ids);
  });
  return {
    boot,
    publish(ids) {
      if (ids.length === 0) return;
      changed(ids);
      // A notification carries at most 8000 bytes: long lists go in parts.
      for (let start = 0; start < ids.length; start += NOTIFY_IDS) {
        const part = ids.slice(start, start + NOTIFY_IDS);
        notifications.notify('standings', JSON.stringify({ from: boot, ids: part })).catch(log);
      }
    },
    version: (id) => versions.get(id) ?? 0,
    subscribe(id, listener) {
      emitter.on(`t:${id}`, listener);
      return () => emitter.off(`t:${id}`, listener);
    },
    close() {
      stopListening();
      emitter.emit('close');
    },
    onClose(listener) {
      emitter.on('close', listener);
      return () => emitter.off('close', listener);
    },
  };
}
