import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { promoWidgets, SUPPORT_ENDPOINTS, serverRoute, WEB_API_BASE } from '@promo/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { type Database, isSharedDatabase } from './db/client.ts';
import { watchContent } from './db/content-watch.ts';
import { openNotifications } from './db/notifications.ts';
import { transaction } from './db/transaction.ts';
import { sectionExists } from './domain/cms.ts';
import { publishDueCmsPages } from './domain/cms-versions.ts';
import { createErrorTexts, requestLanguage } from './domain/error-texts.ts';
import { startHourlyJob, startRepeatingJob } from './domain/hourly-job.ts';
import { createStandingsBus } from './domain/live.ts';
import { checkServerMechanics } from './domain/mechanics/index.ts';
import { settleLossRefunds } from './domain/promo-credits.ts';
import { PUBLICATION_CHECK_MS, publishDue } from './domain/promotion-versions.ts';
import { findPromotion, promotionRows } from './domain/promotions.ts';
import { purgeExpired } from './domain/retention.ts';
import { createSessionService } from './domain/sessions.ts';
import { SiteConfigInvalidError, siteCurrencyCode } from './domain/site-config.ts';
import { createTokenService } from './domain/tokens.ts';
import { createAuthGuard, requireRequestedWith } from './http/auth-guard.ts';
import { operatorAuthentication, setOperatorAuthentication } from './http/operator-auth.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { installValidation, refusalCode, schemaError } from './http/validation.ts';
import { detailsOf } from './http-error.ts';
import { registerConsole } from './pages/console.ts';
import { readFrameIndex } from './pages/document.ts';
import { createPageCache, nextTimedChange } from './pages/page-cache.ts';
import { registerPageRoutes } from './pages/page-routes.ts';
import { createRenderGate } from './pages/render-gate.ts';
import { BEACON_PATHS, registerAnalyticsRoutes } from './routes/analytics.ts';
import { registerArtRoutes } from './routes/art.ts';
import { registerAuthRoutes } from './routes/auth.ts';
import { registerBonusRoutes } from './routes/bonuses.ts';
import { registerCmsRoutes } from './routes/cms.ts';
import { registerConfigRoutes } from './routes/config.ts';
import { registerConsoleRoutes } from './routes/console.ts';
import { registerConsoleCmsRoutes } from './routes/console-cms.ts';
import { registerCounterRoutes } from './routes/counters.ts';
import { registerDemoHost } from './routes/demo-host.ts';
import { registerFeedHealthRoutes } from './routes/feed-health.ts';
import { registerHuntRoutes } from './routes/hunts.ts';
import { registerLottoRoutes } from './routes/lotto.ts';
import { registerLuckyDayRoutes } from './routes/lucky-day.ts';
import { registerOperatorRoutes } from './routes/operator.ts';
import { registerPromoCreditRoutes } from './routes/promo-credits.ts';
import { registerPromotionRoutes } from './routes/promotions.ts';
import { registerStaticFiles } from './routes/static-files.ts';
import { registerSupportRoutes } from './routes/support.ts';
import { registerTournamentRoutes } from './routes/tournaments.ts';
import { registerUserRoutes } from './routes/user.ts';
import { registerWheelRoutes } from './routes/wheel.ts';
import type { ServerSettings } from './settings.ts';

/** Builds the Fastify instance; the caller owns listening and closing (tests use inject). */
/** A request's URL as the log keeps it: a player search's query left out (decision 049). */
export const redactedUrl = (url: string): string =>
  url.startsWith(serverRoute(SUPPORT_ENDPOINTS.playerSearch)) ? url.replace(/([?&]q=)[^&]*/, '$1…') : url;

export async function buildApp(
  db: Database,
  settings: ServerSettings,
  logger: boolean | { stream: Writable } = true,
): Promise<FastifyInstance> {
  // A mechanic the contract has and this server's registry lacks (or the reverse) stops start-up.
  checkServerMechanics();
  const app = Fastify({
    // Structured JSON lines (pino): requests at info in production; warnings and errors always.
    logger: logger && {
      level: settings.production ? 'info' : 'warn',
      // A support search names a player in its query (?q=login): the log keeps the path, not that.
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactedUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
      ...(logger === true ? {} : logger),
    },
    trustProxy: settings.trustProxy,
    schemaErrorFormatter: schemaError,
    // Every log line of a request carries its id: a proxy's X-Request-Id when it is a plain token
    // (nothing a client could forge into the log), else a new one.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
  });
  // The id goes back with the answer, so a player's or an integrator's report names the log lines.
  // While the server stops, an answer to a request in flight also closes its connection: a
  // keep-alive socket that turns idle after close() began would hold the stop until it timed out.
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A refusal or a failure is about this request (its session, its address, its moment): no
    // cache keeps it, or a shared one would serve a 404, a 401 or a 429 to everyone (issue 38).
    if (reply.statusCode >= 400) reply.header('cache-control', 'no-store');
    if (stopping) reply.header('connection', 'close');
  });

  await app.register(fastifyCookie);
  // API answers and the served page compressed on the fly at a fast level (the config with its
  // dictionary is ~30 KB raw); the frame's assets are precompressed at build time and skipped here.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  const frameIndex = await readFrameIndex(settings);
  await registerSecurityHeaders(app, settings, frameIndex);

  // What the server processes on one database tell each other (content changes, standings,
  // sign-in failures). Cached answers (config, error texts) go when their content changes.
  const notifications = await openNotifications(db, (err, message) => app.log.error({ err }, message));
  app.addHook('onClose', () => notifications.close());
  const content = watchContent(notifications);
  const errorTexts = createErrorTexts(db, content);
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof SiteConfigInvalidError) {
      request.log.error({ err: error }, 'site config invalid');
      return reply
        .code(500)
        .send({ statusCode: 500, error: 'Internal Server Error', message: 'Site config is invalid' });
    }
    const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    // Fastify's own refusals (bad JSON, too large, wrong media type) get the app's codes.
    if (statusCode < 500) error.code = refusalCode(error.code, statusCode);
    // A 503 the app raised on purpose (a part switched off) says which; other 5xx say nothing.
    const hidden = statusCode >= 500 && !(statusCode === 503 && error.code);
    if (hidden) request.log.error({ err: error }, 'request failed');
    // A coded error reads in the request's language; the English detail stays for developers.
    const params = (error as { params?: Readonly<Record<string, string | number>> }).params;
    const language = requestLanguage(request.url, request.headers['accept-language']);
    const translated =
      !hidden && error.code
        ? (await errorTexts(error.code, language))?.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
            String(params?.[name] ?? ''),
          )
        : undefined;
    return reply.code(statusCode).send({
      statusCode,
      error: hidden ? 'Internal Server Error' : (error.code ?? 'Bad Request'),
      message: hidden ? 'Internal server error' : (translated ?? error.message),
      ...(translated && translated !== error.message ? { detail: error.message } : {}),
      ...(hidden ? {} : detailsOf(error, language, request)),
    });
  });

  const api = installValidation(app);
  setOperatorAuthentication(api, operatorAuthentication(db, settings));
  const tokens = await createTokenService(db, settings.tokenTtlSeconds);
  const sessions = createSessionService(db, settings.sessionTtlSeconds);
  const guard = createAuthGuard(tokens, sessions, settings);
  requireRequestedWith(app, WEB_API_BASE, BEACON_PATHS);
  await registerRateLimits(app, settings, isSharedDatabase(db) ? db : undefined);
  // Liveness: the process answers. Readiness (/healthz, what load balancers and the e2e wait on):
  // the database answers too, within 2 s.
  app.get('/livez', async () => ({ ok: true }));
  app.get('/healthz', async (request, reply) => {
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database timed out')), 2000).unref()),
      ]);
      return reply.header('cache-control', 'no-store').send({ ok: true });
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed');
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ statusCode: 503, error: 'database_unavailable', message: 'The database does not answer' });
    }
  });
  registerConfigRoutes(api, db, content, settings.frameAncestors);
  registerAuthRoutes(api, { db, tokens, sessions, guard, notifications, scryptLog2N: settings.scryptLog2N });
  registerUserRoutes(api, db, guard);
  registerCounterRoutes(api, db, guard);
  registerAnalyticsRoutes(api, db, guard);
  // Published promotions' rows, read once per content version by the reads outside a transaction.
  const rows = promotionRows(db, content);
  registerPromotionRoutes(api, db, guard, rows);
  registerWheelRoutes(api, db, guard, content);
  registerBonusRoutes(api, db, guard);
  const standings = createStandingsBus(notifications, (err) => app.log.error({ err }, 'standings notification failed'));
  // Live streams never end by themselves: they are ended before the server waits for its connections.
  app.addHook('preClose', async () => {
    standings.close();
  });
  registerTournamentRoutes(api, db, guard, standings, settings.liveStreams, rows);
  // Server renders are admitted by one gate, and the pages the same for every visitor are kept
  // until their content changes (decision 044); the operator API reads the counts of both.
  const renders = createRenderGate(settings.serverRender);
  const pages = createPageCache(settings.pageCache, content, (now) => nextTimedChange(db, now));
  registerOperatorRoutes(api, db, settings, standings, renders, pages);
  registerConsoleRoutes(api, { db, settings, notifications });
  registerSupportRoutes(api, { db });
  registerFeedHealthRoutes(api, db);
  registerArtRoutes(api, { db, settings });
  registerConsoleCmsRoutes(api, db);
  registerPromoCreditRoutes(api, db, guard);
  // Weekly loss refunds are credited within the hour after a week closes.
  const stopRefunds = startHourlyJob(
    () => settleLossRefunds(db),
    (error) => app.log.error({ err: error }, 'loss refunds failed'),
  );
  // Expired sessions, old idempotency answers, old analytics and rate-limit counts go, every hour.
  const stopRetention = startHourlyJob(
    () => purgeExpired(db, settings.retention),
    (error) => app.log.error({ err: error }, 'retention purge failed'),
  );
  // Scheduled publications happen on time: every process looks every 2 s, and each due one is
  // taken by one process (FOR UPDATE SKIP LOCKED).
  const stopPublications = startRepeatingJob(
    () =>
      transaction(db, async (tx) => {
        await publishDue(tx);
        await publishDueCmsPages(tx);
      }),
    PUBLICATION_CHECK_MS,
    (error) => app.log.error({ err: error }, 'scheduled publications failed'),
  );
  app.addHook('onClose', async () => {
    await Promise.all([stopRefunds(), stopRetention(), stopPublications()]);
  });
  registerLuckyDayRoutes(api, db, guard);
  registerHuntRoutes(api, db, guard);
  registerLottoRoutes(api, db, guard);
  registerCmsRoutes(api, db, content, guard);
  await registerPageRoutes(
    app,
    settings,
    frameIndex,
    {
      widgetsOf: async (key) => {
        const promotion = await findPromotion(rows, key);
        return promotion ? promoWidgets(promotion.mechanic, promotion.terms.games) : undefined;
      },
      siteCurrency: () => siteCurrencyCode(db),
      sectionExists: (slug) => sectionExists(db, slug),
    },
    renders,
    pages,
  );
  await registerStaticFiles(app, settings);
  await registerDemoHost(app, settings);
  await registerConsole(app, settings);
  return app;
}
