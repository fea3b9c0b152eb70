// The first admin of a production console: npm run console:create-admin (decision 042).
// Asks for a login and a password (not echoed), creates the admin on the server's database
// (DATABASE_URL, or the PGlite data directory while no server has it open) and prints the TOTP
// secret and its otpauth URI once, for an authenticator app. Nothing is printed that is not needed.
import '../../scripts/check-node.mjs';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { staffSignInSchema } from '@promo/contract';
import { generateURI } from 'otplib';
import { openDatabase } from '../src/db/client.ts';
import { DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { transaction } from '../src/db/transaction.ts';
import { audit } from '../src/domain/audit.ts';
import { createStaff } from '../src/domain/staff.ts';
import { readSettings } from '../src/settings.ts';

const MIN_PASSWORD = 12;

// One reader for every question (a second would lose lines already buffered from a pipe). Its
// echo goes through `screen`, which drops it while a password is typed.
let muted = false;
const screen = new Writable({
  write(chunk, _encoding, done) {
    if (!muted) process.stdout.write(chunk);
    done();
  },
});
const lines = createInterface({ input: process.stdin, output: screen, terminal: process.stdin.isTTY });
// The iterator keeps lines that arrive before they are asked for.
const answers = lines[Symbol.asyncIterator]();

async function ask(question: string, hidden = false): Promise<string> {
  process.stdout.write(question);
  muted = hidden;
  const answer = String((await answers.next()).value ?? '');
  muted = false;
  if (hidden && process.stdin.isTTY) process.stdout.write('\n');
  return answer.trim();
}

const settings = readSettings();
const login = await ask('Admin login (3-40 of a-z 0-9 . _ -): ');
if (!staffSignInSchema.shape.login.safeParse(login).success) {
  process.stderr.write('Not created: that login is not 3-40 of a-z 0-9 . _ -\n');
  process.exit(1);
}
const password = await ask(`Password (at least ${MIN_PASSWORD} characters): `, true);
if (password.length < MIN_PASSWORD || password.length > 200) {
  process.stderr.write(`Not created: the password needs ${MIN_PASSWORD} to 200 characters\n`);
  process.exit(1);
}
if ((await ask('Password again: ', true)) !== password) {
  process.stderr.write('Not created: the passwords differ\n');
  process.exit(1);
}

lines.close();

const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir }).catch(
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof DataDirLockedError ? error.message : `Database not available: ${String(error)}`}\n`,
    );
    process.exit(1);
  },
);
try {
  const { member, totpSecret } = await transaction(database.db, async (tx) => {
    const made = await createStaff(tx, { login, password, role: 'admin' }, settings.scryptLog2N);
    // Audited like every staff change, by the command that made it.
    await audit(
      tx,
      { staffId: null, name: 'command:console:create-admin', address: 'local' },
      {
        entity: 'staff',
        entityId: login,
        action: 'create',
        before: null,
        after: { role: 'admin', secondFactor: true },
      },
    );
    return made;
  });
  process.stdout.write(`Admin ${member.login} created.\n`);
  if (totpSecret) {
    process.stdout.write(`Authenticator secret: ${totpSecret}\n`);
    process.stdout.write(`${generateURI({ issuer: 'Promo console', label: member.login, secret: totpSecret })}\n`);
    process.stdout.write('Add it to an authenticator app now: it is not shown again.\n');
  }
} catch (error) {
  process.stderr.write(`Not created: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
