import { ART_ENDPOINTS, ART_NAME_MAX_LENGTH } from '@promo/contract';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { ArtRefused, artHttpError, prepareArt } from '../domain/art.ts';
import { deleteArt, listArt, storeArt } from '../domain/art-store.ts';
import { requestLanguage } from '../domain/error-texts.ts';
import { registerEndpoints } from '../http/endpoints.ts';
import { operatorOf } from '../http/operator-auth.ts';
import type { Api } from '../http/validation.ts';
import { httpError } from '../http-error.ts';
import type { ServerSettings } from '../settings.ts';

/** An upload's bytes as the body parser read them: kept out of sight of the generic input checks. */
class UploadBytes {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/** The media type an upload's body is sent as: whatever the file is, the server reads its bytes. */
export const ART_BODY_TYPE = 'application/octet-stream';

const languageOf = (request: FastifyRequest) => requestLanguage(request.url, request.headers['accept-language']);
const uploadName = (request: FastifyRequest) =>
  String((request.query as { name?: unknown } | undefined)?.name ?? 'upload').slice(0, ART_NAME_MAX_LENGTH);

/**
 * Uploaded art (issue 42 item 2, decision 048): listed for every member, uploaded and deleted by
 * the writers. The body of an upload is read as bytes, stopping at the size limit (art_too_large,
 * worded in the operator's language), and checked and made into files before anything is written.
 */
export function registerArtRoutes(app: Api, deps: { db: Database; settings: ServerSettings }): void {
  const { db } = deps;
  const { dir, maxBytes, maxPixels } = deps.settings.art;
  const refusal = (error: unknown, request: FastifyRequest) =>
    error instanceof ArtRefused ? artHttpError(error, languageOf(request)) : error;

  app.addContentTypeParser(ART_BODY_TYPE, (request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error: Error | null, body?: UploadBytes) => {
      if (finished) return;
      finished = true;
      done(error, body);
    };
    const refuse = () => {
      payload.removeAllListeners('data');
      payload.resume();
      const refused = new ArtRefused('art_too_large', {
        name: uploadName(request),
        size: `> ${(maxBytes / 1024 / 1024).toFixed(1)} MB`,
        limit: `${(maxBytes / 1024 / 1024).toFixed(1)} MB`,
      });
      finish(artHttpError(refused, languageOf(request)));
    };
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) return refuse();
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) refuse();
      else chunks.push(chunk);
    });
    payload.on('end', () => finish(null, new UploadBytes(Buffer.concat(chunks))));
    payload.on('error', (error) => finish(error));
  });

  registerEndpoints(app, ART_ENDPOINTS, {
    art: async () => listArt(db),

    artUpload: async (request) => {
      if (!(request.body instanceof UploadBytes)) {
        throw httpError(415, `Send the file's bytes as ${ART_BODY_TYPE}`, 'unsupported_media_type');
      }
      const { name, folder = 'promotions' } = request.query;
      try {
        const prepared = await prepareArt(request.body.bytes, name, folder, { maxBytes, maxPixels });
        return await storeArt(db, dir, operatorOf(request).actor, prepared, { name, folder });
      } catch (error) {
        throw refusal(error, request);
      }
    },

    artDelete: async (request) => {
      try {
        const deleted = await deleteArt(db, dir, operatorOf(request).actor, request.params.id);
        if (!deleted) throw httpError(404, 'No such art', 'not_found');
      } catch (error) {
        throw refusal(error, request);
      }
      return { ok: true as const };
    },
  });
}
