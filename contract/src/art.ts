import { z } from 'zod/mini';
import { dbIdParamSchema } from './bounds.ts';
import { CMS_ART_FOLDERS } from './cms-art.ts';
import { CONSOLE_ENDPOINTS, CONSOLE_ROLES } from './console.ts';
import { endpoint, NO_STORE } from './endpoints.ts';
import { OPERATOR_API_BASE } from './promotions/feed.ts';

/**
 * Art that operators upload from the console (issue 42 item 2, decision 048): PNG, JPEG, WebP or
 * SVG, checked by the server (real type, size, pixel count, SVG without scripts or external
 * references), written at upload time as the WebP and the fallback, with the phone variant, under
 * the spec's /genfiles/cms folders with content-hashed names (decision 028's layout).
 */

/** What an upload may be, by its bytes (never its name). */
export const ART_TYPES = ['png', 'jpeg', 'webp', 'svg'] as const;
export type ArtType = (typeof ART_TYPES)[number];

/**
 * Where an upload goes: promotions (desktop, with its phone variant in promotions/mobile), crypto
 * promotions or lotto (one art for every width).
 */
export const ART_FOLDERS = ['promotions', 'crypto-promotions', 'lotto'] as const;
export type ArtFolder = (typeof ART_FOLDERS)[number];

/** The spec folder each upload folder writes to (its phone variant: CMS_ART_FOLDERS.promotionsMobile). */
export const ART_FOLDER_PATHS: Readonly<Record<ArtFolder, string>> = {
  promotions: CMS_ART_FOLDERS.promotionsDesktop,
  'crypto-promotions': CMS_ART_FOLDERS.cryptoPromotions,
  lotto: CMS_ART_FOLDERS.lotto,
};

/** The width of a phone variant at most (narrower art keeps its width). */
export const ART_PHONE_WIDTH = 750;

/** How the variants are cached: their names change with their content. */
export const ART_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The codes of a refused upload or deletion, each with its sentence in the operator's language:
 * a type other than the four (art_type), a name that says another of them (art_name_mismatch: a PNG
 * renamed .svg), over the size limit (art_too_large), over the pixel limit
 * (art_too_many_pixels), an image that does not decode whole (art_corrupt), an SVG with a script or
 * event handler (art_svg_script) or a reference outside itself (art_svg_external), the same bytes
 * uploaded before (art_exists), and art a page, banner or promotion shows (art_in_use).
 */
export const ART_REFUSALS = [
  'art_type',
  'art_name_mismatch',
  'art_too_large',
  'art_too_many_pixels',
  'art_corrupt',
  'art_svg_script',
  'art_svg_external',
  'art_exists',
  'art_in_use',
] as const;
export type ArtRefusal = (typeof ART_REFUSALS)[number];

/** The name of an upload, as the operator's file had it (shown in the list; the files get a slug of it). */
export const ART_NAME_MAX_LENGTH = 120;

export const artUploadQuerySchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(ART_NAME_MAX_LENGTH)),
  folder: z.optional(z.enum(ART_FOLDERS)),
});

/** The upload's body: the file's bytes as they are (application/octet-stream), read by the server. */
export const artBytesSchema = z.custom<unknown>(() => true);

/** One uploaded art as the console lists it. */
export const artSchema = z.object({
  id: z.int(),
  /** SHA-256 of the uploaded bytes (hex); the files' names carry its first 16 characters. */
  hash: z.string(),
  name: z.string(),
  type: z.enum(ART_TYPES),
  folder: z.enum(ART_FOLDERS),
  width: z.int(),
  height: z.int(),
  /** The uploaded file's size. */
  bytes: z.int(),
  /** What content names: the fallback (PNG or JPEG); its WebP and phone variant follow (decision 028). */
  path: z.string(),
  /** Every file written: the fallback, the WebP, the phone variant and its WebP, the sanitised SVG. */
  files: z.array(z.string()),
  uploadedBy: z.string(),
  uploadedAt: z.int(),
  /** What shows it: `cms-page:<type>/<slug>`, `banner:<id>`, `promotion:<slug>`; empty: unused. */
  usedBy: z.array(z.string()),
});
export type Art = z.infer<typeof artSchema>;

const artCall = { base: OPERATOR_API_BASE, access: 'operator', idempotent: false, cache: NO_STORE } as const;
/** The refusals of the role check, as every console entry has them. */
const roleRefusals = CONSOLE_ENDPOINTS.me.refusals;

export const ART_ENDPOINTS = {
  art: endpoint({
    ...artCall,
    roles: CONSOLE_ROLES.everyone,
    method: 'GET',
    path: '/art',
    summary: 'Uploaded art, the newest first, with its files and what shows it',
    answer: z.array(artSchema),
    refusals: roleRefusals,
  }),
  artUpload: endpoint({
    ...artCall,
    roles: CONSOLE_ROLES.writers,
    method: 'POST',
    path: '/art',
    summary:
      "Uploads art: the body is the file's bytes (Content-Type: application/octet-stream), its name and folder in the query; the server reads the type from the bytes and writes the WebP, the fallback and the phone variant",
    query: artUploadQuerySchema,
    body: artBytesSchema,
    answer: artSchema,
    status: 201,
    refusals: {
      400: 'A malformed name or folder (invalid_param)',
      409: 'The same bytes were uploaded before (art_exists)',
      413: 'Over the size limit (art_too_large)',
      415: 'Not PNG, JPEG, WebP or SVG by its bytes (art_type), named as another of them (art_name_mismatch), or a body other than bytes',
      422: 'Too many pixels (art_too_many_pixels), a truncated or corrupt image (art_corrupt), an SVG with a script (art_svg_script) or an external reference (art_svg_external)',
      ...roleRefusals,
    },
  }),
  artDelete: endpoint({
    ...artCall,
    roles: CONSOLE_ROLES.writers,
    method: 'DELETE',
    path: '/art/:id',
    summary: 'Deletes unused art and its files; art a CMS page, banner or promotion shows is refused',
    params: z.object({ id: dbIdParamSchema() }),
    answer: z.object({ ok: z.literal(true) }),
    refusals: { 404: 'No such art', 409: 'A page, banner or promotion shows it (art_in_use)', ...roleRefusals },
  }),
} as const;
