import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ServerSettings } from '../settings.ts';

/**
 * The demo host page (a host site embedding the frame and logging every message) under
 * /demo-host/, and the root leading to it.
 */
export async function registerDemoHost(app: FastifyInstance, settings: ServerSettings): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(settings.publicDir, 'demo-host'),
    prefix: '/demo-host/',
    decorateReply: false,
    index: false,
  });

  // The first address the start command prints: the demo host is what there is to see.
  app.get('/', async (_request, reply) => reply.redirect('/demo-host/', 302));

  const demoHostHtml = await readFile(path.join(settings.publicDir, 'demo-host', 'index.html'), 'utf8');
  app.get(
    '/demo-host/',
    {
      helmet: {
        contentSecurityPolicy: {
          directives: {
            'default-src': ["'self'"],
            'frame-src': ["'self'", ...settings.frameAncestors],
            'frame-ancestors': ["'none'"],
          },
        },
      },
    },
    async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(demoHostHtml),
  );
}
