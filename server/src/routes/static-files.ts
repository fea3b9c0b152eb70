import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ART_CACHE_CONTROL } from '@promo/contract';
import type { FastifyInstance } from 'fastify';
import { servedBuildFile } from '../pages/document.ts';
import type { ServerSettings } from '../settings.ts';

/**
 * Files served as they are: CMS files under /genfiles/ (uploaded art first, from its own folder,
 * then the committed ones), the host SDK's bundle and the fingerprint script's app path.
 */
export async function registerStaticFiles(app: FastifyInstance, settings: ServerSettings): Promise<void> {
  const uploaded = path.resolve(settings.art.dir);
  mkdirSync(uploaded, { recursive: true });
  await app.register(fastifyStatic, {
    root: [uploaded, path.join(settings.publicDir, 'genfiles')],
    prefix: '/genfiles/',
    decorateReply: false,
    // Uploaded art is named by its content (decision 048): kept for a year, never revalidated, and an
    // SVG opened by itself runs nothing and loads nothing.
    setHeaders(res, file) {
      if (!file.startsWith(`${uploaded}${path.sep}`)) return;
      res.header('cache-control', ART_CACHE_CONTROL);
      if (file.endsWith('.svg')) res.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    },
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
