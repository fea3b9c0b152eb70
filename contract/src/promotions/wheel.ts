import { z } from 'zod/mini';
import { idParamsSchema, noBodySchema, optionalBodySchema } from '../bounds.ts';
import { endpoint, NO_STORE } from '../endpoints.ts';
import { WEB_API_BASE } from '../http.ts';
import { hex, sha256Hex } from '../sha256.ts';
import { previewQuerySchema } from './preview.ts';

/** One segment of the prize wheel; `weight` is its share of 1000. */
export interface WheelSegment {
  kind: 'cash' | 'freebet' | 'freespins' | 'none';
  amount: string;
  weight: number;
}

/** The wheel every prize-wheel promotion uses, clockwise from the pointer. */
export const WHEEL_SEGMENTS: readonly WheelSegment[] = [
  { kind: 'freespins', amount: '10', weight: 300 },
  { kind: 'freebet', amount: '5', weight: 200 },
  { kind: 'none', amount: '0', weight: 250 },
  { kind: 'cash', amount: '1', weight: 100 },
  { kind: 'freespins', amount: '25', weight: 80 },
  { kind: 'freebet', amount: '20', weight: 40 },
  { kind: 'cash', amount: '10', weight: 25 },
  { kind: 'cash', amount: '100', weight: 5 },
];
export const WHEEL_SPINS_PER_DAY = 3;

/** The spins of a day are counted per UTC day: the next ones come at the next 00:00 UTC. */
export const nextWheelDayMs = (nowMs: number): number => (Math.floor(nowMs / 86_400_000) + 1) * 86_400_000;

/**
 * Provably fair outcome: HMAC-SHA256(serverSeed, "clientSeed:nonce"); its first 52 bits as a
 * fraction of 1 pick the segment by weight. The server publishes sha256(serverSeed) before the
 * spin and reveals the seed after it, so anyone can recompute the segment.
 */
export async function wheelOutcome(serverSeed: string, clientSeed: string, nonce: number): Promise<number> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return wheelSegmentOf(hex(await crypto.subtle.sign('HMAC', key, encoder.encode(wheelMessage(clientSeed, nonce)))));
}

/** The text the server seed signs for one spin. */
export const wheelMessage = (clientSeed: string, nonce: number): string => `${clientSeed}:${nonce}`;

/**
 * The segment an outcome's HMAC (hex) picks: its first 52 bits as a fraction of 1, by weight. The
 * server computes the HMAC with Node's synchronous crypto, the browser with WebCrypto.
 */
export function wheelSegmentOf(digest: string): number {
  const fraction = Number.parseInt(digest.slice(0, 13), 16) / 2 ** 52;
  const total = WHEEL_SEGMENTS.reduce((sum, segment) => sum + segment.weight, 0);
  let point = fraction * total;
  for (const [index, segment] of WHEEL_SEGMENTS.entries()) {
    point -= segment.weight;
    if (point < 0) return index;
  }
  return WHEEL_SEGMENTS.length - 1;
}

/** True when a revealed spin matches its published hash and its segment. */
export async function verifySpin(spin: {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  segment: number;
}): Promise<boolean> {
  if ((await sha256Hex(spin.serverSeed)) !== spin.serverSeedHash) return false;
  return (await wheelOutcome(spin.serverSeed, spin.clientSeed, spin.nonce)) === spin.segment;
}

export const wheelSpinSchema = z.object({
  id: z.int(),
  segment: z.int().check(z.gte(0), z.lt(WHEEL_SEGMENTS.length)),
  prize: z.object({
    kind: z.enum(['cash', 'freebet', 'freespins', 'none']),
    amount: z.string(),
    currencyCode: z.string(),
  }),
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.int(),
  /** Unix seconds. */
  createdAt: z.int(),
});
export type WheelSpin = z.infer<typeof wheelSpinSchema>;

/** GET wheel/{id}: the player's state; the next spin's seed hash is published before the spin. */
export const wheelStateSchema = z.object({
  promotionId: z.int(),
  participating: z.boolean(),
  spinsLeft: z.int().check(z.gte(0)),
  spinsPerDay: z.int(),
  /** Null until the player takes part. */
  nextServerSeedHash: z.nullable(z.string()),
  nextNonce: z.int(),
  currencyCode: z.string(),
});
export type WheelState = z.infer<typeof wheelStateSchema>;

export const spinResultSchema = z.object({ spins: z.array(wheelSpinSchema), state: wheelStateSchema });
export type SpinResult = z.infer<typeof spinResultSchema>;
export const wheelHistorySchema = z.object({ spins: z.array(wheelSpinSchema) });

export const spinRequestSchema = z.object({
  clientSeed: z.optional(z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[\w-]+$/))),
});

/** GET wheel/{id}/confirm-participation: whether the player takes part. */
export const wheelParticipationSchema = z.object({ participating: z.boolean() });

const WHEEL = '/api/web/promotions/wheel/:id';
const wheelCall = { base: WEB_API_BASE, params: idParamsSchema(), cache: NO_STORE } as const;
const spinCall = {
  ...wheelCall,
  method: 'POST',
  body: optionalBodySchema(spinRequestSchema),
  answer: spinResultSchema,
  access: 'player',
  idempotent: true,
} as const;

/** Spec 7 wheel: state, participation, spin, spin all and history. Results are the server's alone. */
export const WHEEL_ENDPOINTS = {
  state: endpoint({
    ...wheelCall,
    method: 'GET',
    path: WHEEL,
    summary: "The wheel's state for the caller: spins left today and the next spin's seed hash",
    query: previewQuerySchema,
    answer: wheelStateSchema,
    access: 'visitor-or-player',
    idempotent: false,
  }),
  participation: endpoint({
    ...wheelCall,
    method: 'GET',
    path: `${WHEEL}/confirm-participation`,
    summary: 'Whether the player takes part',
    answer: wheelParticipationSchema,
    access: 'player',
    idempotent: false,
    caller: 'host',
  }),
  join: endpoint({
    ...wheelCall,
    method: 'POST',
    path: `${WHEEL}/confirm-participation`,
    summary: 'Takes part (a repeat changes nothing)',
    body: noBodySchema(),
    answer: wheelStateSchema,
    access: 'player',
    idempotent: false,
  }),
  spin: endpoint({ ...spinCall, path: `${WHEEL}/spin`, summary: 'One spin, decided by the server' }),
  spinAll: endpoint({
    ...spinCall,
    path: `${WHEEL}/spin/all`,
    summary: 'Every spin left today, decided by the server',
  }),
  history: endpoint({
    ...wheelCall,
    method: 'GET',
    path: `${WHEEL}/getHistoryWheel`,
    summary: "The player's spins, newest first",
    answer: wheelHistorySchema,
    access: 'player',
    idempotent: false,
  }),
} as const;
