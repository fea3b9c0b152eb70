/**
 * The embedded database's own limit for a spin-sized write (throughput.ts): pgbench's TPC-B
 * transaction (an UPDATE, a SELECT, two UPDATEs and an INSERT, committed) through PGlite's
 * transaction and query API, as the server calls it, in a data directory on disk, back to back for
 * `seconds`, with no HTTP, no JSON and no server code. PGlite runs PostgreSQL in WebAssembly on the
 * calling thread and one transaction at a time, so this is the most a server process on PGlite can
 * commit, whatever the server does; the server's spins are reported as a ratio to it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** pgbench's scale 1: 1 branch, 10 tellers, 100,000 accounts. */
const ACCOUNTS = 100_000;
const TELLERS = 10;

export interface PgliteFloor {
  tps: number;
  averageMs: number;
}

export async function pgliteTpcb(work: string, seconds: number): Promise<PgliteFloor> {
  const dataDir = mkdtempSync(path.join(work, 'pglite-tpcb-'));
  const db = new PGlite(dataDir);
  try {
    await db.exec(`
      create table pgbench_branches (bid int primary key, bbalance int, filler char(88));
      create table pgbench_tellers (tid int primary key, bid int, tbalance int, filler char(84));
      create table pgbench_accounts (aid int primary key, bid int, abalance int, filler char(84));
      create table pgbench_history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22));
      insert into pgbench_branches values (1, 0, '');
      insert into pgbench_tellers select g, 1, 0, '' from generate_series(1, ${TELLERS}) g;
      insert into pgbench_accounts select g, 1, 0, '' from generate_series(1, ${ACCOUNTS}) g;`);
    await db.exec('vacuum analyze');
    const random = (n: number) => 1 + Math.floor(Math.random() * n);
    const transaction = () =>
      db.transaction(async (tx) => {
        const aid = random(ACCOUNTS);
        const tid = random(TELLERS);
        const delta = Math.floor(Math.random() * 10_001) - 5000;
        await tx.query('update pgbench_accounts set abalance = abalance + $1 where aid = $2', [delta, aid]);
        await tx.query('select abalance from pgbench_accounts where aid = $1', [aid]);
        await tx.query('update pgbench_tellers set tbalance = tbalance + $1 where tid = $2', [delta, tid]);
        await tx.query('update pgbench_branches set bbalance = bbalance + $1 where bid = 1', [delta]);
        await tx.query(
          'insert into pgbench_history (tid, bid, aid, delta, mtime) values ($1, 1, $2, $3, current_timestamp)',
          [tid, aid, delta],
        );
      });
    // A warm-up second, as every load in the bench gets, then the measured run.
    for (const end = Date.now() + 1000; Date.now() < end; ) await transaction();
    let done = 0;
    const started = performance.now();
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      await transaction();
      done += 1;
    }
    const elapsedMs = performance.now() - started;
    return { tps: (done * 1000) / elapsedMs, averageMs: elapsedMs / done };
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
