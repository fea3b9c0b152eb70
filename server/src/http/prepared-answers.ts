import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { ANSWER_HASH_LENGTH, answerHash, answerTag } from '@promo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A JSON answer built once: its bytes as they are, in brotli and in gzip, and its entity tag. */
export interface PreparedAnswer {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  /** A hash of the JSON; each encoding's ETag is derived from it. */
  readonly hash: string;
}

/** Serialises and compresses once, at the best levels (the work is spent once per change). */
export const prepareAnswer = (payload: unknown): Promise<PreparedAnswer> =>
  prepareBytes(Buffer.from(JSON.stringify(payload)), constants.BROTLI_MAX_QUALITY);

/**
 * Bytes compressed once, off the event loop (zlib's thread pool): brotli at `brotliQuality`, gzip
 * at its best level, and the hash their ETags derive from.
 */
export async function prepareBytes(identity: Buffer, brotliQuality: number): Promise<PreparedAnswer> {
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    identity,
    br,
    gzip: gz,
    hash: createHash('sha256').update(identity).digest('base64url').slice(0, ANSWER_HASH_LENGTH),
  };
}

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];
/** Picks the best encoding an Accept-Encoding allows. */
const encodings = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS] });

const entityTag = (hash: string, encoding: Encoding) => answerTag(hash, encoding === 'identity' ? undefined : encoding);

/**
 * Whether If-None-Match names this answer: its tag in any encoding (weak comparison, RFC 9110
 * 13.1.2: the same JSON whatever the coding), or *.
 */
function notModified(ifNoneMatch: string | undefined, hash: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || answerHash(tag.trim()) === hash);
}

/**
 * Sends a prepared answer: a strong ETag per encoding, 304 to a client that has it, else the bytes
 * in the best encoding the client accepts (Vary: Accept-Encoding). The bytes are compressed
 * already: the compression plugin leaves an answer with a Content-Encoding alone (a JSON route is
 * registered with `compress: false` besides). An answer of another status than 200 (a page's 404)
 * has no validator: a 304 stands for a 200.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  cacheControl: string,
  { type = 'application/json; charset=utf-8', status = reply.statusCode }: { type?: string; status?: number } = {},
): FastifyReply {
  const accepted = request.headers['accept-encoding'];
  const encoding = (accepted ? encodings.negotiate(accepted) : null) ?? 'identity';
  reply.code(status).header('vary', 'accept-encoding').header('cache-control', cacheControl);
  if (status === 200) {
    reply.header('etag', entityTag(answer.hash, encoding));
    if (notModified(request.headers['if-none-match'], answer.hash)) return reply.code(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  const body = encoding === 'br' ? answer.br : encoding === 'gzip' ? answer.gzip : answer.identity;
  return reply.type(type).send(body);
}
