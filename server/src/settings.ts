import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseTimeouts, DEFAULT_DB_TIMEOUTS } from './db/client.ts';
import { DEFAULT_ART_MAX_PIXELS } from './domain/art.ts';
import { DEVELOPMENT_SCRYPT_LOG2N, PRODUCTION_SCRYPT_LOG2N } from './domain/passwords.ts';
import { DEFAULT_RETENTION, type Retention } from './domain/retention.ts';
import type { PageCacheLimits } from './pages/page-cache.ts';
import type { RenderLimits } from './pages/render-gate.ts';
import type { LiveStreamLimits } from './routes/tournaments.ts';

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
  /** The operator console's build, served under /console/. */
  consoleDist: string;
  publicDir: string;
  /** Lifetime of the JWTs of gettoken; short, the frame refreshes them. */
  tokenTtlSeconds: number;
  /** Sliding lifetime of a site session (its cookie). */
  sessionTtlSeconds: number;
  /** 'lax' when the frame is on the host's site (production); 'none' (https only) for cross-site embedding. */
  sessionCookieSameSite: 'lax' | 'none';
  production: boolean;
  /**
   * Whether the demo players, their histories and tickets and the leaderboards' rivals are seeded
   * (SEED_DEMO): outside production by default; in production only with SEED_DEMO=1 and
   * SEED_DEMO_IN_PRODUCTION=1 both (the demo players sign in with the README's passwords).
   */
  seedDemo: boolean;
  /**
   * The key the operator's feed of settled bets and rounds is posted with (OPERATOR_API_KEY);
   * outside production the documented demo key when unset; in production unset turns the feed off.
   */
  operatorKey: string | undefined;
  /** How long analytics and idempotency answers are kept (RETENTION_ANALYTICS_DAYS, RETENTION_IDEMPOTENCY_HOURS). */
  retention: Retention;
  /** Requests per minute per client address on the routes that can be abused (RATE_LIMIT_*); 0 is no limit. */
  rateLimits: RateLimits;
  /**
   * Which proxies' X-Forwarded-For names the client (TRUST_PROXY: `true`, `false` or a list of
   * addresses, subnets and the names loopback, linklocal, uniquelocal). The client address keys the
   * rate limits and the sign-in back-off, so it must not be whatever a client claims.
   */
  trustProxy: boolean | string;
  /** How long a stopping server waits for requests in flight before it exits (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** PostgreSQL's statement and connection timeouts in ms (DB_STATEMENT_TIMEOUT_MS, DB_CONNECT_TIMEOUT_MS). */
  databaseTimeouts: DatabaseTimeouts;
  /** scrypt's cost for passwords, log2 of N (PASSWORD_SCRYPT_LOG2N): 17 in production (at least), 14 elsewhere. */
  scryptLog2N: number;
  /** Live standings streams one server holds open (LIVE_STREAMS_PER_ADDRESS, LIVE_STREAMS_MAX; decision 040). */
  liveStreams: LiveStreamLimits;
  /**
   * Server rendering's queue and time limit per page (RENDER_QUEUE_MAX, RENDER_TIME_LIMIT_MS; decision
   * 039), renders at once and their threads (RENDER_CONCURRENCY, RENDER_THREADS; decision 043).
   */
  serverRender: ServerRenderSettings;
  /** The pages kept for every visitor (PAGE_CACHE, PAGE_CACHE_MAX_ENTRIES, PAGE_CACHE_MAX_MB, PAGE_CACHE_MAX_AGE_MS; decision 044). */
  pageCache: PageCacheLimits;
  /** Uploaded art (decision 048): where its files go, the largest upload, the most pixels (ART_DIR, ART_UPLOAD_MAX_BYTES, ART_MAX_PIXELS). */
  art: ArtSettings;
}

/** Uploaded art's place and limits (decision 048). */
export interface ArtSettings {
  /** The folder served under /genfiles/ before server/public/genfiles: uploads mirror the spec's paths in it. */
  dir: string;
  maxBytes: number;
  /** Width × height an upload may have at most; checked from its header, before it is decoded. */
  maxPixels: number;
}

const DEFAULT_ART_MAX_BYTES = 5 * 1024 * 1024;

export const DEFAULT_LIVE_STREAMS: LiveStreamLimits = { perAddress: 20, max: 2000 };

/**
 * Render threads by default: one per core but the main thread's, which answers the renders' API
 * calls (the routes, the database) and serves everything else; at least one (decision 043).
 */
const defaultRenderThreads = (): number => Math.max(1, availableParallelism() - 1);

/** The server render's limits, and the threads it runs on (RENDER_THREADS; 0: the server's own thread). */
export type ServerRenderSettings = RenderLimits & { threads: number };

export const DEFAULT_SERVER_RENDER: ServerRenderSettings = {
  queueMax: 8,
  timeLimitMs: 1000,
  concurrency: 4,
  threads: defaultRenderThreads(),
};

const MB = 1024 * 1024;
export const DEFAULT_PAGE_CACHE: PageCacheLimits = {
  enabled: true,
  maxEntries: 2000,
  maxBytes: 64 * MB,
  maxAgeMs: 30_000,
};

/** The rate limit groups of http/rate-limits.ts, in requests per minute per client address. */
export interface RateLimits {
  /** fastLogin and the mobile token sign-in (RATE_LIMIT_SIGN_IN). */
  signIn: number;
  /** gettoken (RATE_LIMIT_TOKEN). */
  token: number;
  /** The analytics collector, the metrics beacons and the fingerprint collector (RATE_LIMIT_TELEMETRY). */
  telemetry: number;
  /** Every other state-changing web API call: spins, ticket buys, claims, takes (RATE_LIMIT_ACTIONS). */
  actions: number;
  /** The operator API, per operator key and address (RATE_LIMIT_OPERATOR). */
  operator: number;
}

/** Far above what one player does (a sign-in, a token every 15 min, a spin a second). */
export const DEFAULT_RATE_LIMITS: RateLimits = { signIn: 30, token: 300, telemetry: 600, actions: 300, operator: 6000 };

/** Proxies on the machine or the private network (a load balancer in front) are believed. */
const DEFAULT_TRUST_PROXY = 'loopback, linklocal, uniquelocal';

/** A positive whole number from the environment, or the default. */
const positiveInt = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** A whole number >= 0 from the environment, or the default. */
const wholeNumber = (value: string | undefined, fallback: number): number => {
  const n = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
};

/** TRUST_PROXY as Fastify's trustProxy takes it. */
const trustProxy = (value: string | undefined): boolean | string => {
  const text = value?.trim() ?? '';
  if (text === 'true' || text === 'false') return text === 'true';
  return text || DEFAULT_TRUST_PROXY;
};

/** The operator key the server accepts: the configured one, but never the published demo key in production. */
export const acceptedOperatorKey = (
  settings: Pick<ServerSettings, 'production' | 'operatorKey'>,
): string | undefined =>
  settings.production && settings.operatorKey === DEMO_OPERATOR_KEY ? undefined : settings.operatorKey;

/** The operator key of a development or demo server (README); never accepted in production. */
export const DEMO_OPERATOR_KEY = 'demo-operator-key';

/** The shortest operator key a production server starts with: 32 characters (128 bits and more of a random key). */
export const MIN_OPERATOR_KEY_LENGTH = 32;

/** A setting the server refuses to start with; its message says which and why, in one line. */
export class SettingsError extends Error {}

const DEFAULT_PORT = 8085;

/** A yes/no setting: 1 or true, 0 or false; unset is the default; anything else is refused by name. */
function flag(env: NodeJS.ProcessEnv, name: string, unset: boolean): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (!value) return unset;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new SettingsError(`${name} must be 1 or 0, not ${JSON.stringify(env[name])}`);
}

/** Parses the environment; explicit overrides win (tests pass them). */
export function readSettings(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<ServerSettings> = {},
): ServerSettings {
  const port = Number.parseInt(env.PORT ?? '', 10);
  const resolvedPort = overrides.port ?? (Number.isInteger(port) && port >= 0 ? port : DEFAULT_PORT);
  const ancestors = env.FRAME_ANCESTORS?.split(/[\s,]+/).filter(Boolean);
  const operatorKey = env.OPERATOR_API_KEY;
  if (env.NODE_ENV === 'production' && operatorKey && operatorKey.length < MIN_OPERATOR_KEY_LENGTH) {
    throw new SettingsError(
      `OPERATOR_API_KEY has ${operatorKey.length} characters; production needs at least ${MIN_OPERATOR_KEY_LENGTH} (a random key, e.g. openssl rand -base64 32)`,
    );
  }
  const production = env.NODE_ENV === 'production';
  const seedDemo = flag(env, 'SEED_DEMO', !production);
  if (production && seedDemo && !flag(env, 'SEED_DEMO_IN_PRODUCTION', false)) {
    throw new SettingsError(
      'SEED_DEMO=1 in production seeds players who sign in with the published demo passwords; set SEED_DEMO_IN_PRODUCTION=1 as well if that is what you want',
    );
  }
  const scryptLog2N = wholeNumber(
    env.PASSWORD_SCRYPT_LOG2N,
    production ? PRODUCTION_SCRYPT_LOG2N : DEVELOPMENT_SCRYPT_LOG2N,
  );
  if (scryptLog2N < (production ? PRODUCTION_SCRYPT_LOG2N : 10) || scryptLog2N > 20) {
    throw new SettingsError(
      `PASSWORD_SCRYPT_LOG2N is ${scryptLog2N}; it must be ${production ? PRODUCTION_SCRYPT_LOG2N : 10} to 20${production ? ' in production' : ''}`,
    );
  }
  return {
    host: env.HOST ?? '127.0.0.1',
    port: resolvedPort,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.PGLITE_DATA_DIR ?? path.join(serverRoot, '.data', 'pglite'),
    frameAncestors: ancestors ?? [`http://localhost:${resolvedPort}`, `http://127.0.0.1:${resolvedPort}`],
    cdnOrigins: env.CDN_ORIGINS?.split(/[\s,]+/).filter(Boolean) ?? [],
    frameDist: env.FRAME_DIST ?? path.join(serverRoot, '..', 'frame', 'dist'),
    hostSdkDist: path.join(serverRoot, '..', 'host-sdk', 'dist'),
    consoleDist: path.join(serverRoot, '..', 'console', 'dist'),
    publicDir: path.join(serverRoot, 'public'),
    tokenTtlSeconds: 15 * 60,
    sessionTtlSeconds: 30 * 24 * 60 * 60,
    sessionCookieSameSite: env.SESSION_COOKIE_SAMESITE === 'none' ? 'none' : 'lax',
    production,
    seedDemo,
    scryptLog2N,
    databaseTimeouts: {
      statementMs: positiveInt(env.DB_STATEMENT_TIMEOUT_MS, DEFAULT_DB_TIMEOUTS.statementMs),
      connectMs: positiveInt(env.DB_CONNECT_TIMEOUT_MS, DEFAULT_DB_TIMEOUTS.connectMs),
    },
    operatorKey: env.OPERATOR_API_KEY || (env.NODE_ENV === 'production' ? undefined : DEMO_OPERATOR_KEY),
    retention: {
      analyticsDays: positiveInt(env.RETENTION_ANALYTICS_DAYS, DEFAULT_RETENTION.analyticsDays),
      idempotencyHours: positiveInt(env.RETENTION_IDEMPOTENCY_HOURS, DEFAULT_RETENTION.idempotencyHours),
    },
    rateLimits: {
      signIn: wholeNumber(env.RATE_LIMIT_SIGN_IN, DEFAULT_RATE_LIMITS.signIn),
      token: wholeNumber(env.RATE_LIMIT_TOKEN, DEFAULT_RATE_LIMITS.token),
      telemetry: wholeNumber(env.RATE_LIMIT_TELEMETRY, DEFAULT_RATE_LIMITS.telemetry),
      actions: wholeNumber(env.RATE_LIMIT_ACTIONS, DEFAULT_RATE_LIMITS.actions),
      operator: wholeNumber(env.RATE_LIMIT_OPERATOR, DEFAULT_RATE_LIMITS.operator),
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    shutdownGraceMs: positiveInt(env.SHUTDOWN_GRACE_MS, 10_000),
    liveStreams: {
      perAddress: positiveInt(env.LIVE_STREAMS_PER_ADDRESS, DEFAULT_LIVE_STREAMS.perAddress),
      max: positiveInt(env.LIVE_STREAMS_MAX, DEFAULT_LIVE_STREAMS.max),
    },
    serverRender: {
      queueMax: wholeNumber(env.RENDER_QUEUE_MAX, DEFAULT_SERVER_RENDER.queueMax),
      timeLimitMs: positiveInt(env.RENDER_TIME_LIMIT_MS, DEFAULT_SERVER_RENDER.timeLimitMs),
      concurrency: positiveInt(env.RENDER_CONCURRENCY, DEFAULT_SERVER_RENDER.concurrency),
      threads: wholeNumber(env.RENDER_THREADS, DEFAULT_SERVER_RENDER.threads),
    },
    pageCache: {
      enabled: flag(env, 'PAGE_CACHE', DEFAULT_PAGE_CACHE.enabled),
      maxEntries: positiveInt(env.PAGE_CACHE_MAX_ENTRIES, DEFAULT_PAGE_CACHE.maxEntries),
      maxBytes: positiveInt(env.PAGE_CACHE_MAX_MB, DEFAULT_PAGE_CACHE.maxBytes / MB) * MB,
      maxAgeMs: positiveInt(env.PAGE_CACHE_MAX_AGE_MS, DEFAULT_PAGE_CACHE.maxAgeMs),
    },
    art: {
      dir: env.ART_DIR || path.join(serverRoot, '.data', 'art'),
      maxBytes: positiveInt(env.ART_UPLOAD_MAX_BYTES, DEFAULT_ART_MAX_BYTES),
      maxPixels: positiveInt(env.ART_MAX_PIXELS, DEFAULT_ART_MAX_PIXELS),
    },
    ...overrides,
  };
}
