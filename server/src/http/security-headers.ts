import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { inlineHashes } from '../pages/document.ts';
import type { ServerSettings } from '../settings.ts';

/**
 * The security headers of every answer (helmet): a strict CSP that allows the frame's own inline
 * start-up script and styles by their hash, the hosts that may embed the frame, and HSTS in
 * production. A route may narrow them (the demo host page).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  settings: ServerSettings,
  frameIndex: string,
): Promise<void> {
  await app.register(fastifyHelmet, {
    // frame-ancestors governs who may embed the frame; X-Frame-Options cannot express an allow-list.
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...inlineHashes(frameIndex, 'script')],
        'style-src': ["'self'", ...inlineHashes(frameIndex, 'style')],
        // Style attributes of server-rendered markup (custom properties of sprites, colours of
        // illustrations): attributes only, never <style> elements or scripts (decision 022).
        'style-src-attr': ["'unsafe-inline'"],
        'img-src': ["'self'", 'data:', ...settings.cdnOrigins],
        'connect-src': ["'self'", ...settings.cdnOrigins],
        'font-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'frame-ancestors': ["'self'", ...settings.frameAncestors],
        'upgrade-insecure-requests': null,
      },
    },
    // Plain-http loopback demo: HSTS would pin browsers to https for localhost.
    strictTransportSecurity: settings.production,
  });
}
