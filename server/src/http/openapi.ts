import type { Endpoint } from '@promo/contract';
import { z } from 'zod';

/** The refusal every API answers with: a status, a machine-readable code and a message. */
const PROBLEM = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string', description: 'Machine-readable code' },
    message: { type: 'string', description: "In the request's language" },
  },
} as const;

const jsonSchema = (schema: NonNullable<Endpoint['answer']>, io: 'input' | 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema as z.core.$ZodType, { io, unrepresentable: 'any' });
  return rest;
};

/** A path of the table as OpenAPI writes it: `:id` becomes `{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * An OpenAPI 3.1 document of endpoints of the table: each path with its parameters, body, answer
 * and refusals as the table says them, so the document cannot drift from what the server checks.
 */
export function openApiDocument(
  info: { title: string; version: string; description: string },
  base: string,
  entries: readonly Endpoint[],
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of entries) {
    const params = entry.params ? jsonSchema(entry.params, 'input') : undefined;
    const properties = (params?.properties ?? {}) as Record<string, unknown>;
    const operations = paths[openApiPath(entry.path)] ?? {};
    paths[openApiPath(entry.path)] = operations;
    operations[entry.method.toLowerCase()] = {
      summary: entry.summary,
      ...(entry.access === 'operator' ? {} : { security: [] }),
      ...(Object.keys(properties).length > 0
        ? {
            parameters: Object.entries(properties).map(([name, schema]) => ({
              name,
              in: 'path',
              required: true,
              schema,
            })),
          }
        : {}),
      ...(entry.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(entry.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [String(entry.status ?? 200)]: {
          description: entry.summary,
          content: { 'application/json': { schema: jsonSchema(entry.answer, 'output') } },
        },
        ...Object.fromEntries(
          Object.entries(entry.refusals ?? {}).map(([status, description]) => [
            status,
            { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } },
          ]),
        ),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: base }],
    security: [{ operatorKey: [] }],
    paths,
    components: {
      securitySchemes: { operatorKey: { type: 'http', scheme: 'bearer', description: 'OPERATOR_API_KEY' } },
      schemas: { Problem: PROBLEM },
    },
  };
}
