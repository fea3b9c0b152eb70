import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_RETENTION, type Retention } from './domain/retention.ts';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

/** Settings of one server instance, read from the environment once at start-up. */
export interface ServerSettings {
  host: string;
  port: number;
  /** PostgreSQL connection string; empty means the embedded PGlite database. */
  databaseUrl: string | undefined;
  /** PGlite data directory (`memory://` keeps it in memory). */
  dataDir: string;
  /** Origins allowed to embed the frame (CSP frame-ancestors), besides 'self'. */
  frameAncestors: string[];
  /** CDN origins the frame may load CMS assets and the version.json probe from (CSP). */
  cdnOrigins: string[];
  frameDist: string;
  /** Browser build of the host SDK, served under /host-sdk/ for host pages (and the demo host). */
  hostSdkDist: string;
  publicDir: string;
  /** Lifetime of the JWTs of gettoken; short, the frame refreshes them. */
  tokenTtlSeconds: number;
  /** Sliding lifetime of a site session (its cookie). */
  sessionTtlSeconds: number;
  /** 'lax' when the frame is on the host's site (production); 'none' (https only) for cross-site embedding. */
  sessionCookieSameSite: 'lax' | 'none';
  production: boolean;
  /**
   * The key the operator's feed of settled bets and rounds is posted with (OPERATOR_API_KEY);
   * outside production the documented demo key when unset; in production unset turns the feed off.
   */
  operatorKey: string | undefined;
  /** How long analytics and idempotency answers are kept (RETENTION_ANALYTICS_DAYS, RETENTION_IDEMPOTENCY_HOURS). */
  retention: Retention;
}

/** A positive whole number from the environment, or the default. */
const positiveInt = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The operator key of a development or demo server (README); never accepted in production. */
export const DEMO_OPERATOR_KEY = 'demo-operator-key';

const DEFAULT_PORT = 8085;

/** Parses the environment; explicit overrides win (tests pass them). */
export function readSettings(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<ServerSettings> = {},
): ServerSettings {
  const port = Number.parseInt(env.PORT ?? '', 10);
  const resolvedPort = overrides.port ?? (Number.isInteger(port) && port >= 0 ? port : DEFAULT_PORT);
  const ancestors = env.FRAME_ANCESTORS?.split(/[\s,]+/).filter(Boolean);
  return {
    host: env.HOST ?? '127.0.0.1',
    port: resolvedPort,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.PGLITE_DATA_DIR ?? path.join(serverRoot, '.data', 'pglite'),
    frameAncestors: ancestors ?? [`http://localhost:${resolvedPort}`, `http://127.0.0.1:${resolvedPort}`],
    cdnOrigins: env.CDN_ORIGINS?.split(/[\s,]+/).filter(Boolean) ?? [],
    frameDist: env.FRAME_DIST ?? path.join(serverRoot, '..', 'frame', 'dist'),
    hostSdkDist: path.join(serverRoot, '..', 'host-sdk', 'dist'),
    publicDir: path.join(serverRoot, 'public'),
    tokenTtlSeconds: 15 * 60,
    sessionTtlSeconds: 30 * 24 * 60 * 60,
    sessionCookieSameSite: env.SESSION_COOKIE_SAMESITE === 'none' ? 'none' : 'lax',
    production: env.NODE_ENV === 'production',
    operatorKey: env.OPERATOR_API_KEY || (env.NODE_ENV === 'production' ? undefined : DEMO_OPERATOR_KEY),
    retention: {
      analyticsDays: positiveInt(env.RETENTION_ANALYTICS_DAYS, DEFAULT_RETENTION.analyticsDays),
      idempotencyHours: positiveInt(env.RETENTION_IDEMPOTENCY_HOURS, DEFAULT_RETENTION.idempotencyHours),
    },
    ...overrides,
  };
}
