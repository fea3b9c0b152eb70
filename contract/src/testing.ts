import type { HostMessagePayload } from './host-messages.ts';

/**
 * Options for fast-check property runs at the boundaries: at least 1000 runs, and a seed that is
 * logged so any failure can be replayed with FC_SEED=<seed>.
 */
export function propertyRuns(name: string): { numRuns: number; seed: number } {
  const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(`[fast-check] ${name}: seed ${seed} (replay with FC_SEED=${seed})`);
  return { numRuns: 1000, seed };
}

/** An init message's payload as a frame build sends it, for tests of hosts and of the bridge. */
export const initPayload = (path: string): HostMessagePayload<'init'> => ({
  protocol: 1,
  frameVersion: 'test',
  path,
  projectId: 285,
  projectType: 'Desktop',
  uiVersion: '19.3.1',
  spritesDir: '/genfiles/cms/sprites',
});
