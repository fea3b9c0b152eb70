/**
 * A request-level round-robin HTTP proxy on 127.0.0.1 for the throughput bench (throughput.ts),
 * standing for the load balancer in front of several server processes (decision 021): a keep-alive
 * agent per upstream, each request to the next upstream in turn, bodies streamed both ways, the
 * client's address appended to X-Forwarded-For. Upstreams are loopback ports only.
 *
 * For the bench's two-process scenario a request may name its upstream (`x-bench-upstream: 0`, by
 * index; the header is not passed on), and every answer says which upstream gave it
 * (`x-bench-upstream`).
 *
 * As a process (`node bench/round-robin-proxy.ts`): PROXY_PORT and PROXY_UPSTREAMS (ports, comma
 * separated); stops on SIGTERM.
 */
import http from 'node:http';

const HOST = '127.0.0.1';
const UPSTREAM_HEADER = 'x-bench-upstream';
/** Connection-level headers (RFC 9110 7.6.1): each hop has its own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function passOn(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== UPSTREAM_HEADER) out[name] = value;
  }
  return out;
}

/** The proxy's server (not yet listening) for upstreams on these loopback ports. */
export function roundRobinProxy(upstreamPorts: readonly number[]): http.Server {
  const agents = upstreamPorts.map(() => new http.Agent({ keepAlive: true, maxSockets: 128 }));
  let next = 0;
  return http.createServer((request, response) => {
    const pinned = Number(request.headers[UPSTREAM_HEADER] ?? Number.NaN);
    const index =
      Number.isInteger(pinned) && pinned >= 0 && pinned < upstreamPorts.length ? pinned : next++ % upstreamPorts.length;
    const headers = passOn(request.headers);
    const forwarded = request.headers['x-forwarded-for'];
    const client = request.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${client}` : client;
    const upstream = http.request(
      {
        host: HOST,
        port: upstreamPorts[index],
        method: request.method,
        path: request.url,
        headers,
        agent: agents[index],
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...passOn(answer.headers), [UPSTREAM_HEADER]: String(index) });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (response.headersSent) response.destroy();
      else response.writeHead(502, { [UPSTREAM_HEADER]: String(index) }).end();
    });
    // A client gone before the answer takes the upstream request with it.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
}

if (import.meta.main) {
  const port = Number(process.env.PROXY_PORT);
  const upstreams = (process.env.PROXY_UPSTREAMS ?? '').split(',').filter(Boolean).map(Number);
  if (!Number.isInteger(port) || upstreams.length === 0 || upstreams.some((p) => !Number.isInteger(p))) {
    throw new Error('PROXY_PORT and PROXY_UPSTREAMS (comma-separated ports) are required');
  }
  const server = roundRobinProxy(upstreams);
  server.keepAliveTimeout = 60_000;
  server.listen(port, HOST);
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
