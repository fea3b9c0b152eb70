import { z } from 'zod/mini';
import { currencyCodeSchema, dbIdParamSchema, noBodySchema } from './bounds.ts';
import { CMS_BASE_CURRENCY, CMS_PAGE_TYPES, type CmsBlock, cmsBlockSchema, cmsPageSchema } from './cms.ts';
import { cmsBlockProblems } from './cms-block-props.ts';
import { everyone, previewLinkSchema, publishers, roleRefusals, staffCall, writers } from './console.ts';
import { endpoint, NO_STORE } from './endpoints.ts';
import { WEB_API_BASE } from './http.ts';
import { LANGUAGE_CODE_PATTERN } from './languages.ts';
import { CMS_SLUG } from './page-family.ts';
import { previewTokenSchema } from './promotions/preview.ts';

/**
 * CMS pages in the console (issue 42 item 1, decision 050): staff list the bonus, landing and
 * headless pages, save versions of their block trees over If-Match, and publish them. A version
 * holds every language of the page; publishing one makes its rows the ones the frame serves.
 */

const unixS = z.int();
/** The most blocks a page's tree may have at its top level. */
export const CMS_MAX_BLOCKS = 100;

/**
 * A block tree as the console saves it: the transport's shape (decision 009), every block of a
 * known type with the props its type's schema accepts, so what saves is what the frame renders.
 */
export const cmsEditableBlocksSchema = z.array(cmsBlockSchema).check(
  z.maxLength(CMS_MAX_BLOCKS),
  z.superRefine((blocks: CmsBlock[], context) => {
    for (const problem of cmsBlockProblems(blocks)) {
      context.issues.push({ code: 'custom', input: blocks, path: problem.path, message: problem.message });
    }
  }),
);

/** One language of a page version: its head texts and its block tree. */
export const cmsPageTextsSchema = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(200)),
  description: z.string().check(z.maxLength(500)),
  blocks: cmsEditableBlocksSchema,
});
export type CmsPageTexts = z.infer<typeof cmsPageTextsSchema>;

const languageCode = z.string().check(z.regex(LANGUAGE_CODE_PATTERN));
const countryCode = z.string().check(z.regex(/^[A-Z]{2}$/));

/** What a save sends: every language of the version, and the countries it is limited to (null: everyone). */
export const cmsPageDraftSchema = z.object({
  languages: z
    .record(languageCode, cmsPageTextsSchema)
    .check(
      z.refine((languages) => Object.keys(languages).length > 0, { message: 'A page needs one language at least' }),
    ),
  countries: z.nullable(z.array(countryCode).check(z.minLength(1), z.maxLength(250))),
});
export type CmsPageDraft = z.infer<typeof cmsPageDraftSchema>;

/** One version of a page: who saved it when, on top of which, and its content. */
export const cmsPageVersionSchema = z.object({
  version: z.int(),
  author: z.nullable(z.string()),
  basedOn: z.nullable(z.int()),
  createdAt: unixS,
  ...cmsPageDraftSchema.shape,
});
export type CmsPageVersion = z.infer<typeof cmsPageVersionSchema>;

/** A page in the console's list. */
export const cmsPageRowSchema = z.object({
  type: z.enum(CMS_PAGE_TYPES),
  slug: z.string(),
  /** The title in English, else in its first language. */
  title: z.string(),
  /** The languages of its latest version. */
  languages: z.array(z.string()),
  latestVersion: z.int(),
  /** The version the frame serves; null when the page is unpublished. */
  publishedVersion: z.nullable(z.int()),
  /** A publication to come: the version and when (Unix seconds); null when none is scheduled. */
  scheduledVersion: z.nullable(z.int()),
  publishAt: z.nullable(unixS),
  updatedAt: unixS,
  lastEditor: z.nullable(z.string()),
});
export type CmsPageRow = z.infer<typeof cmsPageRowSchema>;

/** A version in a page's history: who saved it when, on top of which. */
export const cmsVersionSummarySchema = z.object({
  version: z.int(),
  author: z.nullable(z.string()),
  basedOn: z.nullable(z.int()),
  createdAt: unixS,
});

/** A page as the editor opens it: its row, its latest version and its history (the newest first). */
export const consoleCmsPageSchema = z.object({
  ...cmsPageRowSchema.shape,
  latest: cmsPageVersionSchema,
  versions: z.array(cmsVersionSummarySchema),
});
export type ConsoleCmsPage = z.infer<typeof consoleCmsPageSchema>;

/** A publication now (no `at`) or at a time (Unix seconds, in the future). */
export const cmsPagePublishSchema = z.object({ version: z.int().check(z.positive()), at: z.optional(unixS) });

const pageParams = z.object({
  type: z.enum(CMS_PAGE_TYPES),
  slug: z.string().check(z.regex(CMS_SLUG)),
});
const versionParams = z.object({ ...pageParams.shape, version: dbIdParamSchema() });

export const CONSOLE_CMS_ENDPOINTS = {
  cmsPages: endpoint({
    ...staffCall,
    roles: everyone,
    method: 'GET',
    path: '/cms-pages',
    summary: 'Every CMS page (bonus, landing, headless): its languages, latest and published versions',
    answer: z.array(cmsPageRowSchema),
    refusals: roleRefusals,
  }),
  cmsPage: endpoint({
    ...staffCall,
    roles: everyone,
    method: 'GET',
    path: '/cms-pages/:type/:slug',
    summary: 'A CMS page with its latest version: every language’s title, description and block tree',
    params: pageParams,
    answer: consoleCmsPageSchema,
    refusals: { 404: 'No such page (not_found)', ...roleRefusals },
  }),
  cmsPageSave: endpoint({
    ...staffCall,
    roles: writers,
    method: 'PUT',
    path: '/cms-pages/:type/:slug',
    summary: 'Saves a new version of a CMS page; If-Match names the version the edit started from',
    params: pageParams,
    body: cmsPageDraftSchema,
    answer: consoleCmsPageSchema,
    refusals: {
      400: 'A block the frame would skip, or a field breaking its rule (invalid_body, the field named)',
      404: 'No such page (not_found)',
      409: 'Another version was saved since the one in If-Match (stale_version; the answer names it)',
      428: 'No If-Match (if_match_required)',
      ...roleRefusals,
    },
  }),
  cmsPageVersion: endpoint({
    ...staffCall,
    roles: everyone,
    method: 'GET',
    path: '/cms-pages/:type/:slug/versions/:version',
    summary: 'One version of a CMS page, with every language’s block tree',
    params: versionParams,
    answer: cmsPageVersionSchema,
    refusals: { 404: 'No such page or version (not_found)', ...roleRefusals },
  }),
  cmsPageRestore: endpoint({
    ...staffCall,
    roles: writers,
    method: 'POST',
    path: '/cms-pages/:type/:slug/versions/:version/restore',
    summary: 'Saves an earlier version of a CMS page again as the newest (not published)',
    params: versionParams,
    body: noBodySchema(),
    answer: consoleCmsPageSchema,
    refusals: { 404: 'No such page or version (not_found)', ...roleRefusals },
  }),
  cmsPagePreview: endpoint({
    ...staffCall,
    roles: everyone,
    method: 'POST',
    path: '/cms-pages/:type/:slug/versions/:version/preview',
    summary: 'A link that shows this version of a CMS page in the frame (and the demo host) for an hour',
    params: versionParams,
    body: z.object({ language: z.optional(languageCode) }),
    answer: previewLinkSchema,
    refusals: { 404: 'No such page or version (not_found)', ...roleRefusals },
  }),
  cmsPagePublish: endpoint({
    ...staffCall,
    roles: publishers,
    method: 'POST',
    path: '/cms-pages/:type/:slug/publication',
    summary:
      'Publishes a version of a CMS page now, or schedules it (at: Unix seconds); the frame serves it from then on',
    params: pageParams,
    body: cmsPagePublishSchema,
    answer: consoleCmsPageSchema,
    refusals: {
      404: 'No such page or version (not_found)',
      422: 'The time is past (past_time)',
      ...roleRefusals,
    },
  }),
  cmsPageUnpublish: endpoint({
    ...staffCall,
    roles: publishers,
    method: 'DELETE',
    path: '/cms-pages/:type/:slug/publication',
    summary:
      'Takes a CMS page off the frame (its calls answer 404 until a version is published again) and cancels a scheduled publication',
    params: pageParams,
    answer: consoleCmsPageSchema,
    refusals: { 404: 'No such page (not_found)', ...roleRefusals },
  }),
};

/**
 * What a console preview link opens (decision 050, as the promotions' previews): the previewed
 * version of a CMS page, in the asked language (else English) and currency; never cached.
 */
export const CMS_PREVIEW_ENDPOINTS = {
  pagePreview: endpoint({
    method: 'GET',
    base: WEB_API_BASE,
    path: '/bonus-api/page-previews/:token',
    summary: 'A version of a CMS page shown by a console preview link (never cached)',
    params: z.object({ token: previewTokenSchema() }),
    query: z.object({
      language: z._default(languageCode, 'en'),
      currency: z._default(currencyCodeSchema(), CMS_BASE_CURRENCY),
    }),
    answer: cmsPageSchema,
    refusals: { 404: 'No live preview link of that token (expired, or never made)' },
    access: 'anyone',
    idempotent: false,
    cache: NO_STORE,
  }),
};
