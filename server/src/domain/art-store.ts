import type { Art, ArtFolder, ArtType } from '@promo/contract';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { cmsPages, promoBanners, promotionHeads, promotions, promotionVersions, uploadedArt } from '../db/schema.ts';
import { type Transaction, transaction } from '../db/transaction.ts';
import { ArtRefused, type PreparedArt, removeArtFiles, writeArtFiles } from './art.ts';
import { type Actor, audit } from './audit.ts';
import { unixSeconds } from './time.ts';

/**
 * Uploaded art's rows (decision 048): what was written, by whom, and what shows it. Content names
 * art by its path, so art is "in use" when a CMS page's blocks, a promo banner's image, a served
 * promotion's content or a promotion's latest or published version names its hash (every file of
 * one upload carries the same 16 hex digits of it).
 */

type Row = typeof uploadedArt.$inferSelect;
type Reader = Database | Transaction;

/** Where the hash of an art row is named inside a text. */
const names = (text: SQL) => sql`strpos(${text}, substr(${uploadedArt.hash}, 1, 16)) > 0`;

/** What shows each art (of one id, or all): `cms-page:<type>/<slug>`, `banner:<id>`, `promotion:<slug>`. */
async function usage(db: Reader, id?: number): Promise<Map<number, string[]>> {
  const only = id === undefined ? undefined : eq(uploadedArt.id, id);
  const [pages, banners, served, versions] = await Promise.all([
    db
      .selectDistinct({ id: uploadedArt.id, type: cmsPages.type, slug: cmsPages.slug })
      .from(uploadedArt)
      .innerJoin(cmsPages, names(sql`${cmsPages.blocks}::text`))
      .where(only),
    db
      .selectDistinct({ id: uploadedArt.id, banner: promoBanners.id })
      .from(uploadedArt)
      .innerJoin(promoBanners, names(sql`${promoBanners.image}`))
      .where(only),
    db
      .selectDistinct({ id: uploadedArt.id, slug: promotions.slug })
      .from(uploadedArt)
      .innerJoin(promotions, and(eq(promotions.published, true), names(sql`${promotions.content}::text`)))
      .where(only),
    db
      .selectDistinct({ id: uploadedArt.id, slug: promotionVersions.slug })
      .from(uploadedArt)
      .innerJoin(promotionVersions, names(sql`${promotionVersions.content}::text`))
      .innerJoin(
        promotionHeads,
        and(
          eq(promotionHeads.slug, promotionVersions.slug),
          or(
            eq(promotionHeads.latestVersion, promotionVersions.version),
            eq(promotionHeads.publishedVersion, promotionVersions.version),
          ),
        ),
      )
      .where(only),
  ]);
  const used = new Map<number, Set<string>>();
  const add = (art: number, what: string) => used.set(art, (used.get(art) ?? new Set()).add(what));
  for (const page of pages) add(page.id, `cms-page:${page.type}/${page.slug}`);
  for (const banner of banners) add(banner.id, `banner:${banner.banner}`);
  for (const promotion of [...served, ...versions]) add(promotion.id, `promotion:${promotion.slug}`);
  return new Map([...used].map(([art, whats]) => [art, [...whats].sort()]));
}

const listed = (row: Row, usedBy: string[]): Art => ({
  id: row.id,
  hash: row.hash,
  name: row.name,
  type: row.type as ArtType,
  folder: row.folder as ArtFolder,
  width: row.width,
  height: row.height,
  bytes: row.bytes,
  path: row.path,
  files: row.files,
  uploadedBy: row.uploadedBy,
  uploadedAt: unixSeconds(row.uploadedAt),
  usedBy,
});

/** Every uploaded art, the newest first, with what shows it. */
export async function listArt(db: Database): Promise<Art[]> {
  const [rows, used] = await Promise.all([
    db.select().from(uploadedArt).orderBy(desc(uploadedArt.uploadedAt), desc(uploadedArt.id)),
    usage(db),
  ]);
  return rows.map((row) => listed(row, used.get(row.id) ?? []));
}

/**
 * Keeps prepared art: its files written, then its row and audit entry in one transaction; when the
 * row cannot be kept the files go again. The same bytes uploaded twice are refused (art_exists).
 */
export async function storeArt(
  db: Database,
  dir: string,
  actor: Actor,
  prepared: PreparedArt,
  upload: { name: string; folder: ArtFolder },
): Promise<Art> {
  const [before] = await db.select().from(uploadedArt).where(eq(uploadedArt.hash, prepared.hash));
  if (before) throw new ArtRefused('art_exists', { name: before.name });
  const files = [...prepared.files.keys()];
  await writeArtFiles(dir, prepared.files);
  try {
    return await transaction(db, async (tx) => {
      const [row] = await tx
        .insert(uploadedArt)
        .values({
          hash: prepared.hash,
          name: upload.name,
          type: prepared.type,
          folder: upload.folder,
          width: prepared.width,
          height: prepared.height,
          bytes: prepared.bytes,
          path: prepared.path,
          files,
          uploadedBy: actor.name,
        })
        .onConflictDoNothing({ target: uploadedArt.hash })
        .returning();
      // Another upload of the same bytes won the race: its files are these same files.
      if (!row) throw new ArtRefused('art_exists', { name: upload.name });
      await audit(tx, actor, {
        entity: 'art',
        entityId: row.id,
        action: 'upload',
        before: null,
        after: { name: row.name, type: row.type, path: row.path, files, bytes: row.bytes },
      });
      return listed(row, []);
    });
  } catch (error) {
    // The files go unless a row of the same bytes (a concurrent upload of them) names them.
    const [other] = await db.select().from(uploadedArt).where(eq(uploadedArt.hash, prepared.hash));
    await removeArtFiles(
      dir,
      files.filter((file) => !other?.files.includes(file)),
    );
    throw error;
  }
}

/**
 * Deletes unused art: refused while anything shows it (art_in_use); its row and audit entry in one
 * transaction, its files removed after. False when there is no such art.
 */
export async function deleteArt(db: Database, dir: string, actor: Actor, id: number): Promise<boolean> {
  const removed = await transaction(db, async (tx) => {
    const [row] = await tx.select().from(uploadedArt).where(eq(uploadedArt.id, id)).for('update');
    if (!row) return null;
    const usedBy = (await usage(tx, id)).get(id) ?? [];
    if (usedBy.length > 0) throw new ArtRefused('art_in_use', { name: row.name, list: usedBy.join(', ') });
    await tx.delete(uploadedArt).where(eq(uploadedArt.id, id));
    await audit(tx, actor, {
      entity: 'art',
      entityId: id,
      action: 'delete',
      before: { name: row.name, type: row.type, path: row.path, files: row.files, bytes: row.bytes },
      after: null,
    });
    return row;
  });
  if (!removed) return false;
  await removeArtFiles(dir, removed.files);
  return true;
}
