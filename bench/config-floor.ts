/**
 * The config route's floor for the throughput bench (throughput.ts, docs/performance.md "Limits on
 * this machine"): a minimal Fastify 5 app on 127.0.0.1 that sends the real config answer's bytes,
 * brotli as the server sent them, with their ETag; a matching If-None-Match gets a 304. Nothing
 * else runs per request (no logging, no hooks), so its req/s is what Fastify and this machine allow.
 *
 * As a process (`node bench/config-floor.ts`): FLOOR_PORT, FLOOR_BODY (a file with the brotli
 * bytes), FLOOR_ETAG, FLOOR_CONTENT_TYPE; stops on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

if (import.meta.main) {
  const { FLOOR_PORT, FLOOR_BODY, FLOOR_ETAG, FLOOR_CONTENT_TYPE } = process.env;
  if (!FLOOR_PORT || !FLOOR_BODY || !FLOOR_ETAG) throw new Error('FLOOR_PORT, FLOOR_BODY and FLOOR_ETAG are required');
  const body = readFileSync(FLOOR_BODY);
  const app = Fastify({ logger: false });
  app.get('/promo-frame/bff-api/config/all.json', (request, reply) => {
    reply.header('etag', FLOOR_ETAG).header('vary', 'Accept-Encoding').header('cache-control', 'public, max-age=60');
    if (request.headers['if-none-match'] === FLOOR_ETAG) return reply.code(304).send();
    return reply
      .header('content-type', FLOOR_CONTENT_TYPE ?? 'application/json; charset=utf-8')
      .header('content-encoding', 'br')
      .send(body);
  });
  await app.listen({ host: '127.0.0.1', port: Number(FLOOR_PORT) });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
