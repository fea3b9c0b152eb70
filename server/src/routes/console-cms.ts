import { CMS_PREVIEW_ENDPOINTS, CONSOLE_CMS_ENDPOINTS } from '@promo/contract';
import type { Database } from '../db/client.ts';
import { transaction } from '../db/transaction.ts';
import {
  cmsPageList,
  cmsPageVersion,
  consoleCmsPage,
  createCmsPreview,
  previewedPage,
  publishCmsPage,
  restoreCmsPage,
  saveCmsPage,
  scheduleCmsPage,
  unpublishCmsPage,
} from '../domain/cms-versions.ts';
import { isKnownCurrency } from '../domain/currencies.ts';
import { unixSeconds } from '../domain/time.ts';
import { registerEndpoints } from '../http/endpoints.ts';
import { operatorOf } from '../http/operator-auth.ts';
import type { Api } from '../http/validation.ts';
import { httpError } from '../http-error.ts';
import { FRAME_PREFIX } from '../pages/document.ts';
import { ifMatchVersion } from './console.ts';

/**
 * CMS pages in the console (issue 42 item 1, decision 050): the list, a page with its latest
 * version, saves over If-Match, publication, preview links and what they open in the frame. Roles are the endpoint table's, checked before a
 * handler runs; every write is audited in its transaction.
 */
export function registerConsoleCmsRoutes(app: Api, db: Database): void {
  registerEndpoints(app, CONSOLE_CMS_ENDPOINTS, {
    cmsPages: async () => cmsPageList(db),

    cmsPage: async (request) => consoleCmsPage(db, request.params),

    cmsPageSave: async (request, reply) => {
      const { actor } = operatorOf(request);
      const basedOn = ifMatchVersion(request.headers['if-match']);
      const version = await transaction(db, (tx) => saveCmsPage(tx, actor, request.params, request.body, basedOn));
      reply.header('etag', `"${version}"`);
      return consoleCmsPage(db, request.params);
    },

    cmsPageVersion: async (request) => cmsPageVersion(db, request.params, request.params.version),

    cmsPageRestore: async (request) => {
      const { actor } = operatorOf(request);
      await transaction(db, (tx) => restoreCmsPage(tx, actor, request.params, request.params.version));
      return consoleCmsPage(db, request.params);
    },

    cmsPagePreview: async (request) => {
      const { actor } = operatorOf(request);
      const { type, slug, version } = request.params;
      const { token, expiresAt } = await transaction(db, (tx) => createCmsPreview(tx, actor, { type, slug }, version));
      const language = request.body.language ?? 'en';
      const framePath = `${FRAME_PREFIX}${language}/${type}/${slug}?${new URLSearchParams({ preview: token })}`;
      return {
        framePath,
        hostPath: `/demo-host/?${new URLSearchParams({ path: framePath })}`,
        expiresAt: unixSeconds(expiresAt),
      };
    },

    cmsPagePublish: async (request) => {
      const { actor } = operatorOf(request);
      const { version, at } = request.body;
      await transaction(db, (tx) =>
        at === undefined
          ? publishCmsPage(tx, actor, request.params, version)
          : scheduleCmsPage(tx, actor, request.params, version, new Date(at * 1000)),
      );
      return consoleCmsPage(db, request.params);
    },

    cmsPageUnpublish: async (request) => {
      const { actor } = operatorOf(request);
      await transaction(db, (tx) => unpublishCmsPage(tx, actor, request.params));
      return consoleCmsPage(db, request.params);
    },
  });
  registerEndpoints(app, CMS_PREVIEW_ENDPOINTS, {
    pagePreview: async (request) => {
      const { language, currency } = request.query;
      if (!isKnownCurrency(currency)) throw httpError(400, `Unknown currency ${currency}`, 'unknown_currency');
      return previewedPage(db, request.params.token, { language, currency });
    },
  });
}
