import { expect, test } from 'vitest';
import { backendEnvironmentOf } from './build-environment.ts';

test.each([
  ['master', 'production'],
  // The repository's production branch: a clone, `npm start` and CI build from it.
  ['main', 'production'],
  ['dev', 'stage'],
  ['i26-constants', 'local'],
  ['feature/dev', 'local'],
  ['development', 'local'],
  ['Master', 'local'],
  // Detached (a CI checkout of one commit) and no git at all.
  ['HEAD', 'local'],
  ['', 'local'],
  // Not an own property of the table.
  ['constructor', 'local'],
])('a build from branch "%s" is for the %s backend', (branch, environment) => {
  expect(backendEnvironmentOf(branch)).toBe(environment);
});
