import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { casinoGames } from '../db/schema.ts';

const E = 'evasfavorites';
const M = ['evaginarium', 'evaginarium-mobile'];

/** The demo's slot catalogue (made-up titles and studios) and the promotion lists they are in. */
const GAMES: Array<[slug: string, title: string, provider: string, rtp: string, collections: string[]]> = [
  ['book-of-sun', 'Book of Sun', 'Sunrise Studio', '96.21', [E]],
  ['golden-scarab', 'Golden Scarab', 'Sunrise Studio', '96.50', [E, ...M]],
  ['neon-fruits', 'Neon Fruits', 'Northlight Games', '95.80', [E]],
  ['pirates-cove', "Pirate's Cove", 'Blue Orca', '96.10', [E]],
  ['dragon-pearl', 'Dragon Pearl', 'Red Lantern', '96.70', [E, ...M]],
  ['wild-safari', 'Wild Safari', 'Northlight Games', '95.95', [E]],
  ['candy-rush', 'Candy Rush', 'Blue Orca', '96.30', [...M]],
  ['lucky-clover', 'Lucky Clover', 'Red Lantern', '96.00', [E]],
  ['aztec-gold', 'Aztec Gold', 'Sunrise Studio', '96.40', [...M]],
  ['star-jewels', 'Star Jewels', 'Northlight Games', '95.50', [...M]],
  ['viking-raid', 'Viking Raid', 'Blue Orca', '96.60', ['evaginarium']],
  ['sakura-spins', 'Sakura Spins', 'Red Lantern', '96.20', [...M]],
  ['desert-oasis', 'Desert Oasis', 'Sunrise Studio', '95.70', []],
  ['cosmic-cash', 'Cosmic Cash', 'Northlight Games', '96.80', ['evaginarium']],
];

/** Upserts the catalogue by id; games an operator added are kept. */
export async function seedGames(db: Database): Promise<void> {
  await db
    .insert(casinoGames)
    .values(
      GAMES.map(([slug, title, provider, rtp, collections], index) => ({
        id: index + 1,
        slug,
        title,
        provider,
        rtp,
        collections,
      })),
    )
    .onConflictDoUpdate({
      target: casinoGames.id,
      set: {
        slug: sql`excluded.slug`,
        title: sql`excluded.title`,
        provider: sql`excluded.provider`,
        rtp: sql`excluded.rtp`,
        collections: sql`excluded.collections`,
      },
    });
}
