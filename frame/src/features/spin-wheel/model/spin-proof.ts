import { verifySpin, type WheelSpin, type WheelState } from '@promo/contract';

/**
 * What this page knew before a spin went out: the seed hash the wheel had published for it, the
 * nonce it was due, and the client seed the browser sent. The hash is null when none was published
 * to this page: "spin all" spends several spins in one call, and the server commits the seed of
 * each spin after the first inside that call, so only the first one's hash was public beforehand.
 */
interface SpinCommitment {
  serverSeedHash: string | null;
  nonce: number | null;
  clientSeed: string;
}

/** A spin with what the page knew before it; `before` is null for a spin read back from the history. */
export interface ProvenSpin {
  spin: WheelSpin;
  before: SpinCommitment | null;
}

/**
 * How far the browser proves a spin: `verified` (its revealed seed decides its segment, its hash is
 * the one published before it, its client seed and nonce are the ones sent), `seed-only` (the seed
 * decides the segment, but this page saw no hash published before it), or `failed`.
 */
export type SpinProof = 'verified' | 'seed-only' | 'failed';

/** The spins of one press, matched with the state published before it and the client seed sent. */
export const provenSpins = (
  spins: readonly WheelSpin[],
  published: Pick<WheelState, 'nextServerSeedHash' | 'nextNonce'> | null,
  clientSeed: string,
): ProvenSpin[] =>
  spins.map((spin, index) => ({
    spin,
    before: {
      serverSeedHash: index === 0 ? (published?.nextServerSeedHash ?? null) : null,
      nonce: published === null ? null : published.nextNonce + index,
      clientSeed,
    },
  }));

/** Spins read back from the history: this page published nothing before them. */
export const unprovenSpins = (spins: readonly WheelSpin[]): ProvenSpin[] =>
  spins.map((spin) => ({ spin, before: null }));

async function proofOf({ spin, before }: ProvenSpin): Promise<SpinProof> {
  if (!(await verifySpin(spin))) return 'failed';
  if (before === null) return 'seed-only';
  if (spin.clientSeed !== before.clientSeed) return 'failed';
  if (before.nonce !== null && spin.nonce !== before.nonce) return 'failed';
  if (before.serverSeedHash === null || before.nonce === null) return 'seed-only';
  return spin.serverSeedHash === before.serverSeedHash ? 'verified' : 'failed';
}

/** The proof of a press's spins together: failed when one fails, verified only when every one is. */
export async function proveSpins(spins: readonly ProvenSpin[]): Promise<SpinProof> {
  const proofs = await Promise.all(spins.map(proofOf));
  if (proofs.includes('failed')) return 'failed';
  return proofs.length > 0 && proofs.every((proof) => proof === 'verified') ? 'verified' : 'seed-only';
}
