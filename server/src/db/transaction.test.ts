import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseTargets, openSeededDatabase } from '../testing.ts';
import type { DatabaseHandle } from './client.ts';
import { serverSecrets } from './schema.ts';
import { statement, transaction } from './transaction.ts';

const insertSecret = statement(
  'test_secret_insert',
  'insert into server_secrets (name, value) values ($1, $2) returning name',
);
const secretsLike = statement(
  'test_secrets_like',
  'select name, value from server_secrets where name like $1 order by name',
);

test('a statement name stands for one text: the same text again is the same statement, another text throws', () => {
  expect(statement('test_secret_insert', insertSecret.text)).toEqual(insertSecret);
  expect(() => statement('test_secret_insert', 'select 1')).toThrow(/test_secret_insert declared twice/);
});

describe.each(databaseTargets)('transactions on $name', ({ databaseUrl, name }) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openSeededDatabase(databaseUrl);
  });
  afterAll(() => database.close());
  const secrets = async (prefix: string) =>
    (await database.db.execute<{ name: string }>(sql`select name from server_secrets where name like ${`${prefix}%`}`))
      .rows.length;

  test('declared statements and the query builder share the transaction, and both commit with it', async () => {
    const seen = await transaction(database.db, async (tx) => {
      await tx.run(insertSecret, ['commit-a', 'by statement']);
      await tx.insert(serverSecrets).values({ name: 'commit-b', value: 'by builder' });
      return tx.run<{ name: string; value: string }>(secretsLike, ['commit-%']);
    });
    expect(seen).toEqual([
      { name: 'commit-a', value: 'by statement' },
      { name: 'commit-b', value: 'by builder' },
    ]);
    expect(await secrets('commit-')).toBe(2);
  });

  test('a transaction that throws writes nothing, and its error goes on unchanged', async () => {
    const refusal = new Error('refused after two writes');
    await expect(
      transaction(database.db, async (tx) => {
        await tx.run(insertSecret, ['rollback-a', 'by statement']);
        await tx.insert(serverSecrets).values({ name: 'rollback-b', value: 'by builder' });
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await secrets('rollback-')).toBe(0);
    // The connection it ran on takes the next transaction (and its prepared statements again).
    expect(await transaction(database.db, (tx) => tx.run(insertSecret, ['after-rollback', 'ok']))).toEqual([
      { name: 'after-rollback' },
    ]);
  });

  test('a failed statement rolls the transaction back; the same statement works in the next one', async () => {
    await expect(
      transaction(database.db, async (tx) => {
        await tx.run(insertSecret, ['twice', 'first']);
        await tx.run(insertSecret, ['twice', 'second']);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await secrets('twice')).toBe(0);
    await transaction(database.db, (tx) => tx.run(insertSecret, ['twice', 'alone']));
    expect(await secrets('twice')).toBe(1);
  });

  test.runIf(name === 'PostgreSQL')('a connection lost inside a transaction is dropped, not reused', async () => {
    await expect(
      transaction(database.db, async (tx) => {
        await tx.run(insertSecret, ['lost', 'never committed']);
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      }),
    ).rejects.toThrow();
    // Every later transaction gets a live connection (the pool holds at most 10).
    for (let i = 0; i < 12; i += 1) {
      await transaction(database.db, (tx) => tx.run(insertSecret, [`alive-${String(i).padStart(2, '0')}`, 'ok']));
    }
    expect(await secrets('alive-')).toBe(12);
    expect(await secrets('lost')).toBe(0);
  });
});
