import { FEED_HEALTH_ENDPOINTS, OPERATOR_ENDPOINTS, serverRoute } from '@promo/contract';
import type { Database } from '../db/client.ts';
import { feedHealth, recordRefusal } from '../domain/feed-health.ts';
import { registerEndpoints } from '../http/endpoints.ts';
import { type Api, refusalCode } from '../http/validation.ts';

const SETTLEMENTS_ROUTE = serverRoute(OPERATOR_ENDPOINTS.settlements);
/** Turned away before the batch was read (key, role) or for flooding: a row each would defeat the limit. */
const NOT_RECORDED = new Set([401, 403, 429]);

/**
 * Feed health (issue 42): the console's page of the settlement feed, and the record of the feed's
 * refused posts it shows. A post is recorded as refused when a known caller (its key or session
 * passed) is answered 4xx: a malformed batch (invalid_body, duplicate_id) or one the domain refuses
 * (unknown_player, unknown_currency, settled_in_future). The record is written once the post's
 * transaction has rolled back, so it is the only row the refusal leaves. A caller the key check
 * turned away (401, 403) is not recorded (anyone could fill the table), nor a rate-limited post (429).
 */
export function registerFeedHealthRoutes(app: Api, db: Database): void {
  app.addHook('onError', async (request, _reply, error) => {
    const caller = request.operator;
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (!caller || request.routeOptions.url !== SETTLEMENTS_ROUTE || request.method !== 'POST') return;
    if (status < 400 || status >= 500 || NOT_RECORDED.has(status)) return;
    const body = request.body as { items?: unknown } | undefined;
    const items = Array.isArray(body?.items) ? body.items.length : 0;
    try {
      await recordRefusal(db, {
        code: refusalCode((error as { code?: string }).code, status),
        status,
        caller: caller.actor.name,
        items,
      });
    } catch (err) {
      // The refusal is answered either way; only its record is lost.
      request.log.error({ err }, 'recording a refused feed post failed');
    }
  });
  registerEndpoints(app, FEED_HEALTH_ENDPOINTS, {
    feedHealth: async (request) => feedHealth(db, request.query.minutes),
  });
}
