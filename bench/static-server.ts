import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves a built folder on loopback, brotli-compressed once at start (as the reference server does). */
export function serveStatic(root: string, port: number): Promise<Server> {
  const files = new Map<string, { body: Buffer; br: Buffer; type: string }>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const body = readFileSync(full);
        const type = TYPES[path.extname(name)] ?? 'application/octet-stream';
        files.set(`/${path.relative(root, full).split(path.sep).join('/')}`, {
          body,
          br: brotliCompressSync(body),
          type,
        });
      }
    }
  };
  walk(root);
  const server = createServer((request, response) => {
    const url = (request.url ?? '/').split('?')[0] ?? '/';
    const file = files.get(url === '/' ? '/index.html' : url);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const br = /\bbr\b/.test(String(request.headers['accept-encoding']));
    response.writeHead(200, { 'content-type': file.type, ...(br ? { 'content-encoding': 'br' } : {}) });
    response.end(br ? file.br : file.body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
