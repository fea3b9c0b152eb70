import { createHash, timingSafeEqual } from 'node:crypto';
import {
  createdPlayerSchema,
  identityUpdateSchema,
  newPlayerSchema,
  OPERATOR_API_BASE,
  OPERATOR_KEY_HEADER,
  OPERATOR_PATHS,
  SETTLEMENTS_MAX_BATCH,
  settlementBatchSchema,
  settlementReceiptSchema,
} from '@promo/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { Database } from '../db/client.ts';
import { transaction } from '../db/transaction.ts';
import { isKnownCurrency } from '../domain/currencies.ts';
import { applySettlements } from '../domain/feed.ts';
import { ledgerMismatches } from '../domain/ledger.ts';
import type { StandingsBus } from '../domain/live.ts';
import { createPlayer } from '../domain/players.ts';
import { setIdentity } from '../domain/promo-credits.ts';
import { bearer } from '../http/auth-guard.ts';
import { type Api, idParams, noQuery } from '../http/validation.ts';
import { httpError } from '../http-error.ts';
import type { RenderGate } from '../pages/render-gate.ts';
import { DEMO_OPERATOR_KEY, type ServerSettings } from '../settings.ts';

/** GET: whether every account's balance is the sum of its ledger entries (domain/ledger.ts). */
const LEDGER_CHECK_PATH = '/ledger/check';
/** GET: this server process's page renders: rendered, and sent to the browser to render, by reason. */
const SERVER_RENDERS_PATH = '/server/renders';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The operator's key, compared in constant time; a wrong or missing one is a 401. */
function operatorCheck(settings: ServerSettings) {
  const key = settings.production && settings.operatorKey === DEMO_OPERATOR_KEY ? undefined : settings.operatorKey;
  const expected = key ? digest(key) : undefined;
  return (request: FastifyRequest) => {
    if (!expected) throw httpError(503, 'The operator feed is not configured (OPERATOR_API_KEY)', 'feed_disabled');
    const given = bearer(request.headers[OPERATOR_KEY_HEADER]);
    if (!given || !timingSafeEqual(digest(given), expected)) {
      throw httpError(401, 'Operator key missing or wrong', 'operator_key');
    }
  };
}

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
): void {
  const check = operatorCheck(settings);
  // The key is checked before anything else: a caller without it learns nothing about the input.
  const keyed = { onRequest: async (request: FastifyRequest) => check(request) };
  app.post(
    `${OPERATOR_API_BASE}${OPERATOR_PATHS.settlements}`,
    { ...keyed, schema: { querystring: noQuery, body: settlementBatchSchema } },
    async (request, reply) => {
      const receipt = await transaction(db, (tx) => applySettlements(tx, request.body.items));
      bus.publish(receipt.promotions);
      return reply.header('cache-control', 'no-store').send(receipt);
    },
  );
  app.put(
    `${OPERATOR_API_BASE}${OPERATOR_PATHS.identity(0).replace('/0/', '/:id/')}`,
    { ...keyed, schema: { params: idParams, querystring: noQuery, body: identityUpdateSchema } },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await setIdentity(db, request.params.id, request.body.verified)),
  );
  app.post(
    `${OPERATOR_API_BASE}${OPERATOR_PATHS.players}`,
    { ...keyed, schema: { querystring: noQuery, body: newPlayerSchema } },
    async (request, reply) => {
      const player = request.body;
      const unknown = player.accounts.find((account) => !isKnownCurrency(account.currencyCode));
      if (unknown) throw httpError(422, `Unknown currency ${unknown.currencyCode}`, 'unknown_currency');
      // A taken login or app token writes nothing: the whole player is one transaction.
      const playerId = await transaction(db, (tx) => createPlayer(tx, player, settings.scryptLog2N));
      if (playerId === null) throw httpError(409, 'That login or app token is taken', 'login_taken');
      const created = createdPlayerSchema.parse({ playerId, login: player.login });
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );
  app.get(
    `${OPERATOR_API_BASE}${LEDGER_CHECK_PATH}`,
    { ...keyed, schema: { querystring: noQuery } },
    async (_request, reply) => {
      const { accounts, mismatches } = await ledgerMismatches(db);
      return reply.header('cache-control', 'no-store').send({ ok: mismatches.length === 0, accounts, mismatches });
    },
  );
  app.get(
    `${OPERATOR_API_BASE}${SERVER_RENDERS_PATH}`,
    { ...keyed, schema: { querystring: noQuery } },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(renders.counts()),
  );
  app.get(
    `${OPERATOR_API_BASE}${OPERATOR_PATHS.openApi}`,
    { schema: { querystring: noQuery } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(operatorOpenApi()),
  );
}

const problem = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string', description: 'Machine-readable code' },
    message: { type: 'string' },
  },
} as const;

const count = { type: 'integer', minimum: 0 } as const;
const serverRenders = {
  type: 'object',
  required: ['rendered', 'shell', 'waiting', 'running', 'limits'],
  properties: {
    rendered: count,
    shell: {
      type: 'object',
      required: ['queue_full', 'time_limit', 'failed'],
      properties: { queue_full: count, time_limit: count, failed: count },
    },
    waiting: count,
    running: count,
    limits: {
      type: 'object',
      required: ['queueMax', 'timeLimitMs'],
      properties: { queueMax: count, timeLimitMs: count },
    },
  },
} as const;

const decimal = { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' } as const;
const ledgerCheck = {
  type: 'object',
  required: ['ok', 'accounts', 'mismatches'],
  properties: {
    ok: { type: 'boolean' },
    accounts: { type: 'integer', description: 'Accounts checked' },
    mismatches: {
      type: 'array',
      items: {
        type: 'object',
        required: ['accountId', 'userId', 'currencyCode', 'balance', 'ledger', 'entries', 'brokenEntryId'],
        properties: {
          accountId: {
            type: ['integer', 'null'],
            description: 'Null: entries of a player and currency without an account',
          },
          userId: { type: 'integer' },
          currencyCode: { type: 'string' },
          balance: { ...decimal, type: ['string', 'null'], description: "The account's balance" },
          ledger: { ...decimal, description: "The sum of the account's entries" },
          entries: { type: 'integer' },
          brokenEntryId: {
            type: ['integer', 'null'],
            description: 'The first entry whose balance after is not the running sum of the entries up to it',
          },
        },
      },
    },
  },
} as const;

/** OpenAPI 3.1 of the operator API; the schemas come from the contract, so they cannot drift. */
export function operatorOpenApi() {
  const answer = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Promo frame reference server: operator API',
      version: '1',
      description:
        'Settled sports bets and casino game rounds, posted by the operator. Tournament points, winning streaks, accumulator ladders, covered bets and refunds are computed from them. An item whose id was posted before is counted once. The ledger check tells whether every balance is the sum of its money movements.',
    },
    servers: [{ url: OPERATOR_API_BASE }],
    security: [{ operatorKey: [] }],
    paths: {
      [OPERATOR_PATHS.settlements]: {
        post: {
          operationId: 'postSettlements',
          summary: `Post up to ${SETTLEMENTS_MAX_BATCH} settled bets and rounds`,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/SettlementBatch' } } },
          },
          responses: {
            200: {
              description: 'Stored: how many were new, how many were posted before, the promotions they moved',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/SettlementReceipt' } } },
            },
            400: answer('A malformed batch (error invalid_body, duplicate_id); nothing is stored'),
            401: answer('Operator key missing or wrong (error operator_key)'),
            422: answer(
              'An unknown player or currency, or a settlement more than 5 minutes ahead (unknown_player, unknown_currency, settled_in_future); nothing is stored',
            ),
            503: answer('The server has no operator key configured (feed_disabled)'),
          },
        },
      },
      '/players/{playerId}/identity': {
        put: {
          operationId: 'putIdentity',
          summary:
            "The player's identity check passed (true) or was withdrawn (false): unlocks the verification reward",
          parameters: [{ name: 'playerId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: z.toJSONSchema(identityUpdateSchema) } },
          },
          responses: {
            200: {
              description: 'The player is verified or not, and since when (unix seconds)',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['playerId', 'verified', 'verifiedAt'],
                    properties: {
                      playerId: { type: 'integer' },
                      verified: { type: 'boolean' },
                      verifiedAt: { type: ['integer', 'null'] },
                    },
                  },
                },
              },
            },
            400: answer('A malformed body (invalid_body) or player id (invalid_param); nothing is stored'),
            401: answer('Operator key missing or wrong (error operator_key)'),
            422: answer('An unknown player (unknown_player)'),
            503: answer('The server has no operator key configured (feed_disabled)'),
          },
        },
      },
      [OPERATOR_PATHS.players]: {
        post: {
          operationId: 'postPlayer',
          summary: 'Create a player (a test or demo player) with its accounts and opening balances',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: z.toJSONSchema(newPlayerSchema, { io: 'input' }) } },
          },
          responses: {
            201: {
              description:
                'Created: the new player id; the player signs in with the login and password (or the app token)',
              content: { 'application/json': { schema: z.toJSONSchema(createdPlayerSchema) } },
            },
            400: answer(
              'A malformed body (invalid_body): not exactly one active account, two accounts in one currency …; nothing is stored',
            ),
            401: answer('Operator key missing or wrong (error operator_key)'),
            409: answer('The login or the app token is taken (login_taken); nothing is stored'),
            422: answer('An unknown currency (unknown_currency); nothing is stored'),
            503: answer('The server has no operator key configured (feed_disabled)'),
          },
        },
      },
      [LEDGER_CHECK_PATH]: {
        get: {
          operationId: 'getLedgerCheck',
          summary: "Whether every player's balance is the sum of its ledger entries (each money movement is one entry)",
          responses: {
            200: {
              description:
                'ok is true when nothing is off; else each account whose balance differs from its entries, or whose chain of balances after each entry breaks',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/LedgerCheck' } } },
            },
            401: answer('Operator key missing or wrong (error operator_key)'),
            503: answer('The server has no operator key configured (feed_disabled)'),
          },
        },
      },
      [SERVER_RENDERS_PATH]: {
        get: {
          operationId: 'getServerRenders',
          summary:
            "This server process's page renders since it started: rendered on the server, or sent for the browser to render and why",
          responses: {
            200: {
              description:
                'queue_full: more pages waited than RENDER_QUEUE_MAX; time_limit: not rendered within RENDER_TIME_LIMIT_MS of the request; failed: the render threw. Each of those pages was sent whole, rendered by the browser (status 200)',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ServerRenders' } } },
            },
            401: answer('Operator key missing or wrong (error operator_key)'),
            503: answer('The server has no operator key configured (feed_disabled)'),
          },
        },
      },
    },
    components: {
      securitySchemes: { operatorKey: { type: 'http', scheme: 'bearer', description: 'OPERATOR_API_KEY' } },
      schemas: {
        SettlementBatch: z.toJSONSchema(settlementBatchSchema, { io: 'input' }),
        SettlementReceipt: z.toJSONSchema(settlementReceiptSchema),
        LedgerCheck: ledgerCheck,
        ServerRenders: serverRenders,
        Problem: problem,
      },
    },
  };
}
