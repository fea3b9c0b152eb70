import { CONSOLE_CMS_ENDPOINTS } from '@promo/contract';
import type { Database } from '../db/client.ts';
import { transaction } from '../db/transaction.ts';
import {
  cmsPageList,
  cmsPageVersion,
  consoleCmsPage,
  publishCmsPage,
  restoreCmsPage,
  saveCmsPage,
  scheduleCmsPage,
  unpublishCmsPage,
} from '../domain/cms-versions.ts';
import { registerEndpoints } from '../http/endpoints.ts';
import { operatorOf } from '../http/operator-auth.ts';
import type { Api } from '../http/validation.ts';
import { ifMatchVersion } from './console.ts';

/**
 * CMS pages in the console (issue 42 item 1, decision 050): the list, a page with its latest
 * version, saves over If-Match, publication. Roles are the endpoint table's, checked before a
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
}
