import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, expect, test } from 'vitest';
import { findPostgresBin, startPostgres } from './postgres.ts';

let fakeRoot = '';
afterEach(() => rmSync(fakeRoot, { recursive: true, force: true }));

/** A fake /usr/lib/postgresql: each major gets a bin folder with the given executables. */
function fakeLib(majors: Record<string, string[]>) {
  fakeRoot = mkdtempSync(path.join(tmpdir(), 'postgres-lib-'));
  for (const [major, programs] of Object.entries(majors)) {
    const bin = path.join(fakeRoot, major, 'bin');
    mkdirSync(bin, { recursive: true });
    for (const program of programs) {
      writeFileSync(path.join(bin, program), '#!/bin/sh\n');
      chmodSync(path.join(bin, program), 0o755);
    }
  }
  return fakeRoot;
}

const ALL = ['initdb', 'postgres', 'pg_isready', 'createdb'];

test('the newest complete major wins, compared as numbers', () => {
  const root = fakeLib({ '9.6': ALL, '13': ALL, '15': ALL, '16': ['initdb', 'pg_isready', 'createdb'], common: ALL });
  expect(findPostgresBin(root)).toBe(path.join(root, '15', 'bin'));
});

test('no PostgreSQL is no bin folder', () => {
  const root = fakeLib({ '15': ['psql'] });
  expect(findPostgresBin(root)).toBeUndefined();
  expect(findPostgresBin(path.join(root, 'missing'))).toBeUndefined();
});

/** Whether anything accepts a TCP connection on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test('a server on 127.0.0.1 only, with the promo database, gone after stop()', { timeout: 60_000 }, async () => {
  const server = await startPostgres();
  let folder = '';
  try {
    expect(server.url).toBe(`postgres://postgres@127.0.0.1:${server.port}/promo`);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      expect((await client.query('show listen_addresses')).rows[0].listen_addresses).toBe('127.0.0.1');
      expect((await client.query('select current_database() as db')).rows[0].db).toBe('promo');
      folder = path.dirname((await client.query('show data_directory')).rows[0].data_directory);
    } finally {
      await client.end();
    }
    expect(folder.startsWith(tmpdir())).toBe(true);
    expect(existsSync(folder)).toBe(true);
  } finally {
    await server.stop();
  }
  expect(await accepts(server.port)).toBe(false);
  expect(existsSync(folder)).toBe(false);
  await server.stop(); // idempotent
});

test('throwaway by default, durable commits when asked (throughput benchmarks)', { timeout: 60_000 }, async () => {
  const settings = async (options: { durable?: boolean }) => {
    const server = await startPostgres(options);
    const client = new pg.Client({ connectionString: server.url });
    try {
      await client.connect();
      const show = async (name: string) => (await client.query(`show ${name}`)).rows[0][name] as string;
      return [await show('fsync'), await show('synchronous_commit'), await show('full_page_writes')];
    } finally {
      await client.end();
      await server.stop();
    }
  };
  expect(await settings({})).toEqual(['off', 'off', 'off']);
  expect(await settings({ durable: true })).toEqual(['on', 'on', 'on']);
});

/**
 * Starts a server in another Node process that never calls stop(), and returns its port and folder
 * once it is up; `then` is what that process does next.
 */
function startElsewhere(then: 'end' | 'hang') {
  const script = `
    import path from 'node:path';
    import pg from 'pg';
    import { startPostgres } from ${JSON.stringify(path.join(import.meta.dirname, 'postgres.ts'))};
    const server = await startPostgres();
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const { data_directory } = (await client.query('show data_directory')).rows[0];
    await client.end();
    process.stdout.write(JSON.stringify({ port: server.port, folder: path.dirname(data_directory) }) + '\\n');
    ${then === 'hang' ? 'setInterval(() => {}, 1000);' : ''}
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 45_000,
  });
  return new Promise<{ child: ChildProcess; port: number; folder: string }>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve({ child, ...(JSON.parse(out) as { port: number; folder: string }) });
    });
    child.once('close', (code, signal) => reject(new Error(`exited (${code ?? signal}) before its server was up`)));
  });
}

/** Waits (bounded) until nothing listens on the port and the folder is gone. */
async function expectGone(port: number, folder: string) {
  const deadline = Date.now() + 15_000;
  while ((existsSync(folder) || (await accepts(port))) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await accepts(port)).toBe(false);
  expect(existsSync(folder)).toBe(false);
}

test('a process that ends without stop() takes its server with it', { timeout: 60_000 }, async () => {
  const { child, port, folder } = await startElsewhere('end');
  await new Promise((resolve) => child.once('close', resolve));
  // The exit handler is synchronous: all is gone by the time the process is.
  expect(await accepts(port)).toBe(false);
  expect(existsSync(folder)).toBe(false);
});

test('a process killed by SIGKILL takes its server with it (the watchdog)', { timeout: 60_000 }, async () => {
  const { child, port, folder } = await startElsewhere('hang');
  expect(await accepts(port)).toBe(true);
  child.kill('SIGKILL');
  await expectGone(port, folder);
});

test('a taken port is a clear error with the server log, and leaves nothing behind', { timeout: 60_000 }, async () => {
  const blocker = createServer().listen(0, '127.0.0.1');
  await once(blocker, 'listening');
  const { port } = blocker.address() as AddressInfo;
  const before = readdirSync(tmpdir()).filter((name) => name.startsWith('promo-postgres-'));
  try {
    await expect(startPostgres({ port })).rejects.toThrow(/postgres exited during startup[\s\S]*could not bind/);
  } finally {
    blocker.close();
  }
  expect(readdirSync(tmpdir()).filter((name) => name.startsWith('promo-postgres-'))).toEqual(before);
});
