import { createdPlayerSchema, OPERATOR_API_BASE, OPERATOR_ENDPOINTS, tableEntries } from '@promo/contract';
import type { Database } from '../db/client.ts';
import { transaction } from '../db/transaction.ts';
import { isKnownCurrency } from '../domain/currencies.ts';
import { applySettlements } from '../domain/feed.ts';
import { recordSources } from '../domain/feed-health.ts';
import { ledgerMismatches } from '../domain/ledger.ts';
import type { StandingsBus } from '../domain/live.ts';
import { createPlayer } from '../domain/players.ts';
import { setIdentity } from '../domain/promo-credits.ts';
import { registerEndpoints } from '../http/endpoints.ts';
import { openApiDocument } from '../http/openapi.ts';
import { operatorOf } from '../http/operator-auth.ts';
import type { Api } from '../http/validation.ts';
import { httpError } from '../http-error.ts';
import type { PageCache } from '../pages/page-cache.ts';
import type { RenderGate } from '../pages/render-gate.ts';
import type { ServerSettings } from '../settings.ts';

/**
 * The operator API: settled bets and game rounds come in here (the sports book and the casino are
 * the host's), and the document describing it is served beside it.
 */
export function registerOperatorRoutes(
  app: Api,
  db: Database,
  settings: ServerSettings,
  bus: StandingsBus,
  renders: RenderGate,
  pages: PageCache,
): void {
  const { openApi, ...keyedEndpoints } = OPERATOR_ENDPOINTS;
  // The whole operator API: the feed's entries and the console's, every one the table has.
  const document = openApiDocument(
    OPERATOR_API_INFO,
    OPERATOR_API_BASE,
    tableEntries().filter((entry) => entry.base === OPERATOR_API_BASE),
  );
  registerEndpoints(app, { openApi }, { openApi: async () => document });
  // The key (or a staff session) and its role are checked before anything else: a caller without
  // them learns nothing about the input (operator-auth.ts).
  registerEndpoints(app, keyedEndpoints, {
    settlements: async (request) => {
      const { items } = request.body;
      const receipt = await transaction(db, async (tx) => {
        const applied = await applySettlements(tx, items);
        // Feed health's last item per source (caller and kind); a refused batch rolls it back too.
        await recordSources(tx, operatorOf(request).actor.name, items);
        return applied;
      });
      bus.publish(receipt.promotions);
      return receipt;
    },
    identity: async (request) => setIdentity(db, request.params.id, request.body.verified),
    players: async (request) => {
      const player = request.body;
      const unknown = player.accounts.find((account) => !isKnownCurrency(account.currencyCode));
      if (unknown) throw httpError(422, `Unknown currency ${unknown.currencyCode}`, 'unknown_currency');
      // A taken login or app token writes nothing: the whole player is one transaction.
      const playerId = await transaction(db, (tx) => createPlayer(tx, player, settings.scryptLog2N));
      if (playerId === null) throw httpError(409, 'That login or app token is taken', 'login_taken');
      return createdPlayerSchema.parse({ playerId, login: player.login });
    },
    ledgerCheck: async () => {
      const { accounts, mismatches } = await ledgerMismatches(db);
      return { ok: mismatches.length === 0, accounts, mismatches };
    },
    serverRenders: async () => ({ ...renders.counts(), pageCache: pages.counts() }),
  });
}

const OPERATOR_API_INFO = {
  title: 'Promo frame reference server: operator API',
  version: '1',
  description:
    'Settled sports bets and casino game rounds, posted by the operator. Tournament points, winning streaks, accumulator ladders, covered bets and refunds are computed from them. An item whose id was posted before is counted once. The ledger check tells whether every balance is the sum of its money movements. The operator console works through the same API: staff sign in, and promotions are drafted, versioned, previewed, scheduled, published and unpublished, every write in the audit log. Each operation says which roles (x-roles) may call it.',
};
