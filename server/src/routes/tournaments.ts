import { LIVE_STANDINGS_EVENT, type LiveStandingsEvent, TOURNAMENT_ENDPOINTS } from '@promo/contract';
import type { Database } from '../db/client.ts';
import type { StandingsBus } from '../domain/live.ts';
import type { PromotionRows } from '../domain/promotions.ts';
import {
  participate,
  ticketRating,
  tournamentInfo,
  tournamentResults,
  tournamentUserResult,
  validateUserForTournaments,
} from '../domain/tournaments.ts';
import type { AuthGuard } from '../http/auth-guard.ts';
import { type EndpointRequest, registerEndpoints } from '../http/endpoints.ts';
import { idempotentHandler } from '../http/idempotent.ts';
import { clientAddress } from '../http/rate-limits.ts';
import type { Api } from '../http/validation.ts';
import { httpError } from '../http-error.ts';

type ParticipateRequest = EndpointRequest<typeof TOURNAMENT_ENDPOINTS.participate>;

/** Spec 7 third-party tournaments and the promotions' rating by tickets; ids are promotion ids. */
export function registerTournamentRoutes(
  app: Api,
  db: Database,
  guard: AuthGuard,
  bus: StandingsBus,
  limits: LiveStreamLimits,
  rows: PromotionRows,
): void {
  const streams = openStreams(limits);
  registerEndpoints(app, TOURNAMENT_ENDPOINTS, {
    tournament: async (request) => tournamentInfo(db, request.params.id, new Date(), request.query.preview, rows),
    results: async (request) => {
      const { preview, ...page } = request.query;
      return tournamentResults(db, request.params.id, page, await guard.readerId(request, preview), preview, rows);
    },
    userResult: async (request) => {
      const { userId } = await guard.user(request);
      return tournamentUserResult(db, request.params.id, userId);
    },
    participate: idempotentHandler(
      db,
      guard,
      (request: ParticipateRequest) => `tournament:${request.params.id}`,
      (tx, userId, request) => participate(tx, request.params.id, userId),
    ),
    validateUser: async (request) => {
      const { userId } = await guard.user(request);
      return validateUserForTournaments(db, userId);
    },
    ratingByTickets: async (request) => {
      const { preview, ...query } = request.query;
      const reader = await guard.readerId(request, preview);
      return ticketRating(db, request.params.id, query, reader, new Date(), preview, rows);
    },
    // Server-sent events: one each time the standings change, and the current version on connect
    // (a reconnecting page reads the standings again, so nothing is missed and nothing doubled),
    // written on the hijacked raw reply (the entry's answer kind: an event stream).
    live: async (request, reply) => {
      const { id } = request.params;
      await tournamentInfo(db, id);
      const release = streams.take(clientAddress(request));
      if (!release) {
        reply.header('retry-after', String(STREAM_RETRY_SECONDS));
        throw httpError(429, 'Too many live streams are open; try again in a moment', 'too_many_streams');
      }
      reply.hijack();
      const stream = reply.raw;
      // The headers every answer carries (the security headers are on the raw answer already; the
      // request id and any a hook set on the reply, the entry's Cache-Control among them, are added
      // in onSend, which a hijacked reply skips).
      const set = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
      stream.writeHead(200, {
        ...(Object.fromEntries(set) as Record<string, string | number | string[]>),
        'x-request-id': request.id,
        'content-type': 'text/event-stream; charset=utf-8',
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
        release();
      });
    },
  });
}

/** How many live streams one server holds open: per client address and in all (decision 040). */
export interface LiveStreamLimits {
  perAddress: number;
  max: number;
}

/** How long a refused stream is told to wait: about the time a page takes to close others. */
const STREAM_RETRY_SECONDS = 30;

/**
 * The open streams of one server, counted per client address and in all. `take` admits one more
 * and returns what gives its place back when it closes, or null past a limit.
 */
function openStreams(limits: LiveStreamLimits) {
  const byAddress = new Map<string, number>();
  let total = 0;
  return {
    take(address: string): (() => void) | null {
      const mine = byAddress.get(address) ?? 0;
      if (total >= limits.max || mine >= limits.perAddress) return null;
      byAddress.set(address, mine + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      };
    },
  };
}

/** A comment line this often keeps proxies from closing an idle stream. */
const LIVE_HEARTBEAT_MS = 15_000;
