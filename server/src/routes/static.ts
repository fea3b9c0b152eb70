import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerSettings } from '../settings.ts';

const FRAME_PREFIX = '/promo-frame/';

const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');

/**
 * The built frame under /promo-frame/ (history-mode SPA: unknown paths get index.html and the
 * frame shows its own 404), CMS files under /genfiles/ and the demo host page.
 */
export async function registerStaticRoutes(app: FastifyInstance, settings: ServerSettings): Promise<void> {
  const frameBuilt = existsSync(path.join(settings.frameDist, 'index.html'));
  if (frameBuilt) {
    await app.register(fastifyStatic, {
      root: settings.frameDist,
      prefix: FRAME_PREFIX,
      preCompressed: true,
      index: false,
      wildcard: true,
      // Our own cache headers: immutable hashed assets, revalidated index.html.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite names assets by content hash, so they never change under the same URL.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (!filePath.endsWith('index.html')) {
          res.header('cache-control', 'public, max-age=300');
        }
      },
    });
    // The wildcard route would treat the bare prefix as a directory listing (403) for clients
    // that accept no compressed encoding.
    app.get(FRAME_PREFIX, async (_request, reply) => sendIndex(reply));
  } else {
    app.log.warn({ frameDist: settings.frameDist }, 'frame is not built; run npm run build');
  }

  await app.register(fastifyStatic, {
    root: path.join(settings.publicDir, 'genfiles'),
    prefix: '/genfiles/',
    decorateReply: false,
  });
  if (existsSync(settings.hostSdkDist)) {
    await app.register(fastifyStatic, { root: settings.hostSdkDist, prefix: '/host-sdk/', decorateReply: false });
  }
  await app.register(fastifyStatic, {
    root: path.join(settings.publicDir, 'demo-host'),
    prefix: '/demo-host/',
    decorateReply: false,
    index: false,
  });

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

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage =
      request.method === 'GET' &&
      (url === '/promo-frame' || url.startsWith(FRAME_PREFIX)) &&
      !url.startsWith(`${FRAME_PREFIX}bff-api/`) &&
      !url.startsWith(`${FRAME_PREFIX}assets/`);
    if (wantsPage && frameBuilt) return sendIndex(reply);
    return reply
      .code(404)
      .send({ statusCode: 404, error: 'Not Found', message: `Route ${request.method}:${url} not found` });
  });
}
