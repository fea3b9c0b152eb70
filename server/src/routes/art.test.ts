import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ART_CACHE_CONTROL,
  ART_ENDPOINTS,
  ART_PHONE_WIDTH,
  type Art,
  type ArtRefusal,
  CONSOLE_ENDPOINTS,
} from '@promo/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { promoBanners, uploadedArt } from '../db/schema.ts';
import { artRefusalText } from '../domain/problem-texts.ts';
import { auditCount, consoleCall, consoleUrl, staffSessions, useTestServer } from '../testing.ts';
import { pngFile } from '../testing-png.ts';

const MAX_BYTES = 1024 * 1024;
const dir = mkdtempSync(path.join(tmpdir(), 'promo-art-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every file under the art folder. */
const filesOf = (): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

/** A picture of `width` × `height` with a gradient and a disc (compresses like art, not like noise). */
const picture = (width: number, height: number, seed = 0) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#${(0x204080 + seed).toString(16)}"/><stop offset="1" stop-color="#f0c040"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff"/></svg>`,
    ),
  );

/** A decompression bomb: a valid 20,000 × 20,000 one-bit PNG, all white, of a few tens of kB. */
function bombPng(): Buffer {
  const side = 20_000;
  const row = Buffer.alloc(1 + side / 8, 0xff);
  row[0] = 0;
  return pngFile(side, side, { bitDepth: 1, colorType: 0 }, Buffer.concat(Array.from({ length: side }, () => row)));
}

const png = await picture(1200, 600).png().toBuffer();
const jpeg = await picture(1000, 500, 1)
  .jpeg({ quality: 90 })
  .withExif({ IFD0: { Copyright: 'secret studio', Artist: 'someone' } })
  .toBuffer();
const webp = await picture(640, 320, 2).webp().toBuffer();
const cleanSvg = Buffer.from(
  '<?xml version="1.0"?><!-- made by hand --><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 100" width="200" height="100"><metadata>author</metadata><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs><rect id="r" width="90" height="90" fill="url(#g)"/><use xlink:href="#r" x="100"/></svg>',
);
const noise = await sharp({
  create: {
    width: 700,
    height: 700,
    channels: 3,
    background: '#000',
    noise: { type: 'gaussian', mean: 128, sigma: 60 },
  },
})
  .png()
  .toBuffer();

const upload = (
  server: ReturnType<typeof useTestServer>,
  who: Parameters<typeof consoleCall>[1],
  bytes: Buffer,
  name: string,
  language = 'en',
  folder = '',
) =>
  consoleCall(
    server,
    who,
    'POST',
    consoleUrl(ART_ENDPOINTS.artUpload, {}, `?${new URLSearchParams({ name, ...(folder ? { folder } : {}) })}`),
    {
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream', 'accept-language': language },
    },
  );

/** The probes and a few more: what is sent, as what name, and the refusal expected. */
const PROBES: readonly (readonly [
  probe: string,
  bytes: () => Buffer,
  name: string,
  status: number,
  code: ArtRefusal,
  params: Record<string, string>,
])[] = [
  [
    'a PNG renamed .svg',
    () => png,
    'hero.svg',
    415,
    'art_name_mismatch',
    { name: 'hero.svg', named: 'SVG', actual: 'PNG' },
  ],
  [
    'an SVG with a script',
    () =>
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="5" height="5"/></svg>',
      ),
    'script.svg',
    422,
    'art_svg_script',
    { name: 'script.svg', what: '<script>' },
  ],
  [
    'an SVG with an event handler',
    () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5" onload="alert(1)"/></svg>'),
    'handler.svg',
    422,
    'art_svg_script',
    { name: 'handler.svg', what: 'onload' },
  ],
  [
    'an SVG with an external href',
    () =>
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"><image href="https://evil.example/x.png" width="5" height="5"/></svg>',
      ),
    'external.svg',
    422,
    'art_svg_external',
    { name: 'external.svg', what: 'href="https://evil.example/x.png"' },
  ],
  [
    'an SVG with an external url() in its style',
    () =>
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"><style>rect{fill:url(https://evil.example/p.svg#a)}</style><rect width="5" height="5"/></svg>',
      ),
    'style.svg',
    422,
    'art_svg_external',
    { name: 'style.svg', what: '<style>' },
  ],
  [
    'a 20,000 × 20,000 pixel image',
    bombPng,
    'bomb.png',
    422,
    'art_too_many_pixels',
    { name: 'bomb.png', pixels: '20000 × 20000 (400 MP)', limit: '40 MP' },
  ],
  [
    'an SVG drawn at 20,000 × 20,000',
    () =>
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"><rect width="9" height="9"/></svg>',
      ),
    'huge.svg',
    422,
    'art_too_many_pixels',
    { name: 'huge.svg', pixels: '20000 × 20000 (400 MP)', limit: '40 MP' },
  ],
  [
    'a file over the limit',
    () => noise,
    'noise.png',
    413,
    'art_too_large',
    { name: 'noise.png', size: '> 1.0 MB', limit: '1.0 MB' },
  ],
  [
    'a truncated JPEG',
    () => jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
    'cut.jpg',
    422,
    'art_corrupt',
    { name: 'cut.jpg' },
  ],
  ['a text file', () => Buffer.from('hello, not an image'), 'notes.png', 415, 'art_type', { name: 'notes.png' }],
];

describe('uploaded art', () => {
  const server = useTestServer(undefined, { art: { dir, maxBytes: MAX_BYTES, maxPixels: 40_000_000 } });
  const staffOf = staffSessions(server);
  const artRows = async () => (await server.database.db.select({ n: count() }).from(uploadedArt))[0]?.n ?? 0;

  test('the probes are refused, in the operator’s language, and nothing is written', async () => {
    expect(noise.length).toBeGreaterThan(MAX_BYTES);
    expect(bombPng().length).toBeLessThan(MAX_BYTES);
    const editor = await staffOf('editor');
    for (const language of ['en', 'ru', 'ar']) {
      for (const [probe, bytes, name, status, code, params] of PROBES) {
        const [files, rows, audits] = [filesOf(), await artRows(), await auditCount(server)];
        const answer = await upload(server, editor, bytes(), name, language);
        expect([probe, language, answer.statusCode, answer.json().error, answer.json().message]).toEqual([
          probe,
          language,
          status,
          code,
          artRefusalText(code, params, language),
        ]);
        expect([filesOf(), await artRows(), await auditCount(server)]).toEqual([files, rows, audits]);
      }
    }
    expect(artRefusalText('art_svg_script', { name: 'a', what: 'b' }, 'ru')).toMatch(/скрипт/);
  });

  test.each([
    ['PNG', () => png, 'Summer Hero.png', 'png', 'png', 1200, 600],
    ['JPEG', () => jpeg, 'Cup.JPG', 'jpeg', 'jpg', 1000, 500],
    ['WebP', () => webp, 'wheel.webp', 'webp', 'png', 640, 320],
    ['SVG', () => cleanSvg, 'badge.svg', 'svg', 'png', 200, 100],
  ] as const)(
    'a good %s becomes its WebP, fallback and phone variant, hashed and cached for a year',
    async (_kind, bytes, name, type, ext, width, height) => {
      const editor = await staffOf('editor');
      const answer = await upload(server, editor, bytes(), name);
      expect(answer.statusCode, answer.body).toBe(201);
      const art = answer.json<Art>();
      expect(art).toMatchObject({
        name,
        type,
        width,
        height,
        folder: 'promotions',
        uploadedBy: 'demo.editor',
        usedBy: [],
      });
      const stem = `${art.path
        .split('/')
        .pop()
        ?.replace(/\.\w+$/, '')}`;
      expect(stem).toMatch(new RegExp(`-${art.hash.slice(0, 16)}$`));
      const expected = [
        `/genfiles/cms/promotions/desktop/${stem}.${ext}`,
        `/genfiles/cms/promotions/desktop/${stem}.webp`,
        `/genfiles/cms/promotions/mobile/${stem}.${ext}`,
        `/genfiles/cms/promotions/mobile/${stem}.webp`,
        ...(type === 'svg' ? [`/genfiles/cms/promotions/desktop/${stem}.svg`] : []),
      ];
      expect([...art.files].sort()).toEqual(expected.sort());
      expect(art.path).toBe(expected[0]);
      for (const file of art.files) {
        const served = await server.app.inject({ method: 'GET', url: file });
        const contentType = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', svg: 'image/svg+xml' }[
          file.split('.').pop() ?? ''
        ];
        expect([file, served.statusCode, served.headers['content-type'], served.headers['cache-control']]).toEqual([
          file,
          200,
          expect.stringContaining(contentType ?? '?'),
          ART_CACHE_CONTROL,
        ]);
        if (file.endsWith('.svg')) {
          expect(served.body).not.toMatch(/metadata|made by hand/);
          continue;
        }
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.exif, file).toBeUndefined();
        expect(meta.width).toBe(file.includes('/mobile/') ? Math.min(width, ART_PHONE_WIDTH) : width);
      }
      const list = await consoleCall(server, await staffOf('support'), 'GET', consoleUrl(ART_ENDPOINTS.art));
      expect(list.json<Art[]>().map((each) => each.id)).toContain(art.id);
      // The same bytes again: refused, nothing more written.
      const files = filesOf();
      const again = await upload(server, editor, bytes(), `again-${name}`);
      expect([again.statusCode, again.json().error]).toEqual([409, 'art_exists']);
      expect(filesOf()).toEqual(files);
    },
  );

  test('crypto-promotions art has no phone variant', async () => {
    const answer = await upload(
      server,
      await staffOf('editor'),
      await picture(300, 300, 7).png().toBuffer(),
      'coin.png',
      'en',
      'crypto-promotions',
    );
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json<Art>().files.every((file) => file.startsWith('/genfiles/cms/crypto-promotions/'))).toBe(true);
    expect(answer.json<Art>().files).toHaveLength(2);
  });

  test('art in use cannot be deleted; unused art can, with its files, audited', async () => {
    const editor = await staffOf('editor');
    const used = (await upload(server, editor, await picture(400, 200, 3).png().toBuffer(), 'used.png')).json<Art>();
    const unused = (
      await upload(server, editor, await picture(400, 200, 4).png().toBuffer(), 'unused.png')
    ).json<Art>();
    const [banner] = await server.database.db.select().from(promoBanners).limit(1);
    if (!banner) throw new Error('no seeded banner');
    await server.database.db.update(promoBanners).set({ image: used.path }).where(eq(promoBanners.id, banner.id));

    const list = (await consoleCall(server, editor, 'GET', consoleUrl(ART_ENDPOINTS.art))).json<Art[]>();
    expect(list.find((art) => art.id === used.id)?.usedBy).toEqual([`banner:${banner.id}`]);

    const audits = await auditCount(server);
    const refused = await consoleCall(server, editor, 'DELETE', consoleUrl(ART_ENDPOINTS.artDelete, { id: used.id }), {
      headers: { 'accept-language': 'ru' },
    });
    expect([refused.statusCode, refused.json().error, refused.json().message]).toEqual([
      409,
      'art_in_use',
      artRefusalText('art_in_use', { name: 'used.png', list: `banner:${banner.id}` }, 'ru'),
    ]);
    expect(await auditCount(server)).toBe(audits);
    for (const file of used.files) expect((await server.app.inject({ method: 'GET', url: file })).statusCode).toBe(200);

    const deleted = await consoleCall(server, editor, 'DELETE', consoleUrl(ART_ENDPOINTS.artDelete, { id: unused.id }));
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { ok: true }]);
    expect(await auditCount(server)).toBe(audits + 1);
    for (const file of unused.files)
      expect((await server.app.inject({ method: 'GET', url: file })).statusCode).toBe(404);
    const again = await consoleCall(server, editor, 'DELETE', consoleUrl(ART_ENDPOINTS.artDelete, { id: unused.id }));
    expect(again.statusCode).toBe(404);
    const log = await consoleCall(
      server,
      editor,
      'GET',
      consoleUrl(CONSOLE_ENDPOINTS.audit, {}, `?entity=art&entityId=${unused.id}`),
    );
    expect(log.json<{ items: { action: string; actor: string }[] }>().items).toMatchObject([
      { action: 'delete', actor: 'demo.editor' },
      { action: 'upload', actor: 'demo.editor' },
    ]);
  });

  test('support may list art but not upload it; a JSON body is not an upload', async () => {
    const support = await staffOf('support');
    const refused = await upload(server, support, png, 'x.png');
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'forbidden_role']);
    const json = await consoleCall(
      server,
      await staffOf('editor'),
      'POST',
      consoleUrl(ART_ENDPOINTS.artUpload, {}, '?name=x.png'),
      {
        payload: { bytes: 'no' },
      },
    );
    expect([json.statusCode, json.json().error]).toEqual([415, 'unsupported_media_type']);
  });
});
