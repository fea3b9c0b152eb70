import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { servedBuildFile } from '../pages/document.ts';
import type { ServerSettings } from '../settings.ts';

/**
 * Files served as they are: CMS files under /genfiles/, the host SDK's bundle and the fingerprint
 * script's app path.
 */
export async function registerStaticFiles(app: FastifyInstance, settings: ServerSettings): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(settings.publicDir, 'genfiles'),
    prefix: '/genfiles/',
    decorateReply: false,
  });
  if (existsSync(settings.hostSdkDist)) {
    await app.register(fastifyStatic, {
      root: settings.hostSdkDist,
      prefix: '/host-sdk/',
      decorateReply: false,
      allowedPath: servedBuildFile,
      // The SDK is imported by host pages of other origins (README): readable cross-origin, and
      // only this bundle is.
      setHeaders(res) {
        res.header('access-control-allow-origin', '*');
        res.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }
  // The "external app path" of the fingerprint script (spec 7).
  await app.register(fastifyStatic, {
    root: path.join(settings.publicDir, 'fingerprint'),
    prefix: '/fingerprint/',
    decorateReply: false,
    maxAge: 300_000,
  });
}
