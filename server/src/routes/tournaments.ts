import {
  LIVE_STANDINGS_EVENT,
  LIVE_STANDINGS_PATH,
  type LiveStandingsEvent,
  RATING_PERIODS,
  RATING_TYPES,
  type RatingPeriod,
  type RatingType,
  TOURNAMENT_MAX_PAGE_SIZE,
  TOURNAMENT_PAGE_SIZE,
  TOURNAMENT_PATHS,
  WEB_API_BASE,
} from '@promo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import type { StandingsBus } from '../domain/live.ts';
import {
  participate,
  ticketRating,
  tournamentInfo,
  tournamentResults,
  tournamentUserResult,
  validateUserForTournaments,
} from '../domain/tournaments.ts';
import { type AuthGuard, boundedInt, idRoute, oneOf, positiveId } from './auth-guard.ts';
import { idempotentHandler } from './idempotent.ts';

type ById = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>;
const idOf = (request: ById) => positiveId(request.params.id);

/** Spec 7 third-party tournaments and the promotions' rating by tickets; ids are promotion ids. */
export function registerTournamentRoutes(
  app: FastifyInstance,
  db: Database,
  guard: AuthGuard,
  bus: StandingsBus,
): void {
  app.get(idRoute(TOURNAMENT_PATHS.tournament), async (request: ById, reply) =>
    reply.header('cache-control', 'no-store').send(await tournamentInfo(db, idOf(request))),
  );

  app.get(idRoute(TOURNAMENT_PATHS.results), async (request: ById, reply) => {
    const session = await guard.optionalSession(request);
    const page = {
      offset: boundedInt(request.query.offset, 'offset', 0, 100_000),
      limit: boundedInt(request.query.limit, 'limit', TOURNAMENT_PAGE_SIZE, TOURNAMENT_MAX_PAGE_SIZE, 1),
    };
    const results = await tournamentResults(db, idOf(request), page, session?.userId ?? null);
    return reply.header('cache-control', 'no-store').send(results);
  });

  app.get(idRoute(TOURNAMENT_PATHS.userResult), async (request: ById, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send(await tournamentUserResult(db, idOf(request), userId));
  });

  app.post(
    idRoute(TOURNAMENT_PATHS.participate),
    idempotentHandler(
      db,
      guard,
      (request: ById) => `tournament:${idOf(request)}`,
      (tx, userId, request) => participate(tx, idOf(request), userId),
    ),
  );

  app.get(`${WEB_API_BASE}${TOURNAMENT_PATHS.validateUser}`, async (request, reply) => {
    const { userId } = await guard.user(request);
    return reply.header('cache-control', 'no-store').send(await validateUserForTournaments(db, userId));
  });

  app.get(idRoute(TOURNAMENT_PATHS.ratingByTickets), async (request: ById, reply) => {
    const session = await guard.optionalSession(request);
    const query = {
      period: oneOf<RatingPeriod>(request.query.period, 'period', RATING_PERIODS, 'all'),
      ratingType: oneOf<RatingType>(request.query.ratingType, 'ratingType', RATING_TYPES, 'tickets'),
    };
    const rating = await ticketRating(db, idOf(request), query, session?.userId ?? null);
    return reply.header('cache-control', 'no-store').send(rating);
  });

  // Server-sent events: one each time the standings change, and the current version on connect
  // (a reconnecting page reads the standings again, so nothing is missed and nothing doubled).
  app.get(idRoute(LIVE_STANDINGS_PATH), async (request: ById, reply) => {
    const id = idOf(request);
    await tournamentInfo(db, id);
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (version: number) => {
      const event: LiveStandingsEvent = { tournamentId: id, boot: bus.boot, version };
      stream.write(`id: ${version}\nevent: ${LIVE_STANDINGS_EVENT}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    stream.write('retry: 1000\n\n');
    send(bus.version(id));
    const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), LIVE_HEARTBEAT_MS);
    const unsubscribe = bus.subscribe(id, send);
    const stopClosing = bus.onClose(() => stream.end());
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      stopClosing();
    });
  });
}

/** A comment line this often keeps proxies from closing an idle stream. */
const LIVE_HEARTBEAT_MS = 15_000;
