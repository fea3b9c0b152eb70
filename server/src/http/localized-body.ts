import type { FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { schemaProblems } from '../domain/problem-texts.ts';
import { httpError, withDetails } from '../http-error.ts';
import { unsafeInput } from './validation.ts';

/**
 * A body its route's schema refuses, refused before the validation layer's own check with each
 * issue (`issues`: path and message) in the answer's language, worded by zod's locale of it: that
 * layer knows no request, and words them in English. The console's routes run it first (their
 * operators read the console in their own language); an unsafe body is left to the layer.
 */
export async function localizedBodyCheck(request: FastifyRequest): Promise<void> {
  const schema = request.routeOptions.schema?.body as z.ZodMiniType | undefined;
  if (!schema || unsafeInput(request.body) !== null) return;
  const [first] = schemaProblems(schema, request.body);
  if (!first) return;
  const field = first.path.join('.');
  throw withDetails(
    httpError(400, `Invalid request body: ${field ? `${field}: ` : ''}${first.message}`, 'invalid_body'),
    (language) => ({
      issues: schemaProblems(schema, request.body, language).map(({ path, message }) => ({
        path: path.map(String),
        message,
      })),
    }),
  );
}
