import { CMS_ART_FOLDERS, LOTTERY_CODES, lotteryEmblemPath, mobileArtOf, webpArtOf } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { cmsPages, promoBanners } from '../db/schema.ts';
import { useTestServer } from '../testing.ts';

/** Every /genfiles path in a block tree's props, at any depth. */
const assetsIn = (value: unknown): string[] => {
  if (typeof value === 'string') return value.startsWith('/genfiles/') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(assetsIn);
  return value && typeof value === 'object' ? Object.values(value).flatMap(assetsIn) : [];
};

/** Each format's content type and the first bytes of its files. */
const FORMATS = {
  png: {
    type: 'image/png',
    magic: (body: Buffer) => body.subarray(0, 8).equals(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1')),
  },
  webp: {
    type: 'image/webp',
    magic: (body: Buffer) => body.toString('latin1', 0, 4) === 'RIFF' && body.toString('latin1', 8, 12) === 'WEBP',
  },
} as const;

describe('CMS art (spec 7, decision 028)', () => {
  const server = useTestServer(undefined);

  /** The art the seeded pages and banners name, and the lottery list's emblems. */
  const referencedArt = async () => {
    const { db } = server.database;
    const pages = await db.select({ blocks: cmsPages.blocks }).from(cmsPages);
    const banners = await db.select({ image: promoBanners.image }).from(promoBanners);
    return [
      ...new Set([
        ...pages.flatMap((page) => assetsIn(page.blocks)),
        ...banners.map((banner) => banner.image),
        ...LOTTERY_CODES.map(lotteryEmblemPath),
      ]),
    ].sort();
  };

  test('every piece comes from the spec folders: desktop and mobile promotions, crypto promotions, lotto', async () => {
    const art = await referencedArt();
    const files = art.flatMap((path) => [path, ...(mobileArtOf(path) ? [mobileArtOf(path)] : [])]);
    const folders = new Set(files.map((path) => path?.slice(0, path.lastIndexOf('/'))));
    expect([...folders].sort()).toEqual(Object.values(CMS_ART_FOLDERS).sort());
  });

  test('every piece is served as a PNG and as a WebP, and a desktop promotion also in its mobile variant', async () => {
    const art = await referencedArt();
    expect(art.length).toBeGreaterThan(LOTTERY_CODES.length);
    const files = art.flatMap((path) => {
      const mobile = mobileArtOf(path);
      return [path, ...(mobile ? [mobile] : [])].flatMap((file) => [
        { file, format: 'png' as const },
        // A file with no WebP beside it (an SVG) is not there: its 404 fails the check below.
        { file: webpArtOf(file) ?? `${file} (no WebP)`, format: 'webp' as const },
      ]);
    });
    const served = await Promise.all(
      files.map(async ({ file, format }) => {
        const response = await server.app.inject({ url: file });
        return {
          file,
          status: response.statusCode,
          type: response.headers['content-type'],
          format: FORMATS[format].magic(response.rawPayload) ? format : 'other',
          // Art, not photographs: tens of kilobytes at most.
          small: response.rawPayload.length < 40_000,
        };
      }),
    );
    expect(served).toEqual(
      files.map(({ file, format }) => ({ file, status: 200, type: FORMATS[format].type, format, small: true })),
    );
  });
});
