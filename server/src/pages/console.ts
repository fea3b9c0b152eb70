import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CONSOLE_PATH } from '@promo/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerSettings } from '../settings.ts';
import { servedBuildFile } from './document.ts';

/**
 * The console's own policy (decision 042): its scripts and styles are files of its build, its only
 * API is this origin's, and no page may frame it (a back office is never embedded).
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Where the CMS page editor is: its document is always loaded whole (the list links to it so). */
export const CONSOLE_CMS_EDITOR_PATH = `${CONSOLE_PATH}cms/`;

/**
 * The CMS page editor's policy (decision 050): Puck 0.23 writes its canvas styles (selection
 * outlines, drag placeholders) as <style> elements, some with the dragged block's id in them, so
 * no hash can list them. Styles only: scripts stay the build's files.
 */
export const CONSOLE_EDITOR_CSP = CONSOLE_CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");

const consoleHeaders = (reply: Pick<FastifyReply, 'header'>, url = '') =>
  reply
    .header('content-security-policy', url.startsWith(CONSOLE_CMS_EDITOR_PATH) ? CONSOLE_EDITOR_CSP : CONSOLE_CSP)
    .header('x-frame-options', 'DENY');

/**
 * The operator console's build under /console/: its hashed assets for a year, and its page for
 * every other path under it (the console routes in the browser), never cached, with the console's
 * CSP. Nothing is registered when the console is not built (a server test), and /console/ says so.
 */
export async function registerConsole(app: FastifyInstance, settings: ServerSettings): Promise<void> {
  const index = path.join(settings.consoleDist, 'index.html');
  if (!existsSync(index)) return;
  const html = await readFile(index, 'utf8');
  await app.register(fastifyStatic, {
    root: path.join(settings.consoleDist, 'assets'),
    prefix: `${CONSOLE_PATH}assets/`,
    decorateReply: false,
    allowedPath: servedBuildFile,
    immutable: true,
    maxAge: 365 * 24 * 60 * 60 * 1000,
    setHeaders(res) {
      res.header('content-security-policy', CONSOLE_CSP);
    },
  });
  const page = async (request: { url: string }, reply: FastifyReply) =>
    consoleHeaders(reply, request.url).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  app.get(CONSOLE_PATH.slice(0, -1), async (_request, reply) => reply.redirect(CONSOLE_PATH, 301));
  app.get(CONSOLE_PATH, { helmet: { contentSecurityPolicy: false, frameguard: false } }, page);
  app.get(`${CONSOLE_PATH}*`, { helmet: { contentSecurityPolicy: false, frameguard: false } }, page);
}
