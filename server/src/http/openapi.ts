import { type Endpoint, STAFF_SESSION_COOKIE } from '@promo/contract';
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

type JsonSchema = Record<string, unknown>;

/**
 * The JSON schemas of one document: a recursive schema (a CMS block's children) comes with its
 * `$defs`, which move to the document's components under a name of their own, its refs with them.
 */
function schemaWriter() {
  const defs: Record<string, JsonSchema> = {};
  let made = 0;
  const write = (schema: NonNullable<Endpoint['answer']>, io: 'input' | 'output'): JsonSchema => {
    const {
      $schema: _dialect,
      $defs,
      ...rest
    } = z.toJSONSchema(schema as z.core.$ZodType, {
      io,
      unrepresentable: 'any',
    });
    if (!$defs) return rest;
    made += 1;
    const prefix = `Schema${made}`;
    const moved = (value: unknown): JsonSchema =>
      JSON.parse(
        JSON.stringify(value).replace(
          /"#\/\$defs\/([^"]+)"/g,
          (_ref, name) => `"#/components/schemas/${prefix}_${name}"`,
        ),
      );
    for (const [name, def] of Object.entries($defs)) defs[`${prefix}_${name}`] = moved(def);
    return moved(rest);
  };
  return { write, defs };
}

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
  const { write: jsonSchema, defs } = schemaWriter();
  for (const entry of entries) {
    const params = entry.params ? jsonSchema(entry.params, 'input') : undefined;
    const properties = (params?.properties ?? {}) as Record<string, unknown>;
    const query = entry.query ? jsonSchema(entry.query, 'input') : undefined;
    const queryProperties = (query?.properties ?? {}) as Record<string, unknown>;
    const queryRequired = new Set((query?.required ?? []) as string[]);
    const parameters = [
      ...Object.entries(properties).map(([name, schema]) => ({ name, in: 'path', required: true, schema })),
      ...Object.entries(queryProperties).map(([name, schema]) => ({
        name,
        in: 'query',
        required: queryRequired.has(name),
        schema,
      })),
    ];
    const operations = paths[openApiPath(entry.path)] ?? {};
    paths[openApiPath(entry.path)] = operations;
    operations[entry.method.toLowerCase()] = {
      summary: entry.summary,
      ...(entry.access === 'operator' ? {} : { security: [] }),
      // Who may call it: a staff session or an operator key of one of these roles.
      ...(entry.roles ? { 'x-roles': entry.roles } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
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
    security: [{ operatorKey: [] }, { staffSession: [] }],
    paths,
    components: {
      securitySchemes: {
        operatorKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'OPERATOR_API_KEY (role admin) or an operator key with its role',
        },
        staffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: STAFF_SESSION_COOKIE,
          description:
            "The console's staff session (sign in with POST /staff/session); writes also send X-Requested-With",
        },
      },
      schemas: { Problem: PROBLEM, ...defs },
    },
  };
}
