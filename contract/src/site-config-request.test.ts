import { expect, test } from 'vitest';
import { ANSWER_HASH_LENGTH, answerHash, answerTag } from './site-config-request.ts';

// A base64url hash may contain '-': the coding suffix is told apart by the hash's fixed length.
const HASH = 'ab-cd_EF'.padEnd(ANSWER_HASH_LENGTH, 'x');

test.each([
  ['identity', answerTag(HASH)],
  ['brotli', answerTag(HASH, 'br')],
  ['gzip', answerTag(HASH, 'gzip')],
  ['a weak tag of it', `W/${answerTag(HASH, 'br')}`],
])('the tag of an answer in %s names its JSON hash', (_coding, tag) => {
  expect(answerHash(tag)).toBe(HASH);
});

test.each([
  ['no tag', null],
  ['an empty tag', ''],
  ['a tag of another length', '"abc-br"'],
  ['an unquoted hash', HASH],
  ['another coding', `"${HASH}-zstd"`],
  ['a list of tags', `${answerTag(HASH)}, ${answerTag(HASH, 'br')}`],
])('%s names no answer', (_case, tag) => {
  expect(answerHash(tag)).toBeNull();
});
