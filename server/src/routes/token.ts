import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../domain/tokens.ts';

/** GET /web-api/user/gettoken?force_refresh=true : a fresh signed session token. */
export function registerTokenRoutes(app: FastifyInstance, tokens: TokenService): void {
  app.get('/web-api/user/gettoken', async (_request, reply) => {
    const token = await tokens.issue(null);
    return reply.header('cache-control', 'no-store').send({ token });
  });
}
