import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_BASES } from '@promo/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  FastifySchemaValidationError,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schemaProblems } from '../domain/problem-texts.ts';
import { httpError, withDetails } from '../http-error.ts';

/**
 * The one validation layer of the API: every route under these prefixes declares zod schemas for
 * its params, query and (for POST/PUT/PATCH) body, checked by Fastify before the handler runs;
 * the handler reads typed, already-checked values. The prefixes are the endpoint table's bases.
 */
const API_PREFIXES = API_BASES.map((base) => `${base}/`);

/** The Fastify instance routes are declared on: request parts are typed from their schemas. */
export type Api = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The request of a route with schema S, for handlers written apart from their route. */
export type ApiRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  S,
  ZodTypeProvider
>;

/** A query that takes no values: unknown ones are dropped. */
export const noQuery = z.object({});

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 32;

/**
 * What makes an input unsafe to store or echo whatever its schema says: a NUL character (PostgreSQL
 * text refuses it), a lone UTF-16 surrogate (not encodable as UTF-8), an object key that names the
 * prototype chain, or nesting deeper than any call needs. The path of the first problem, or null.
 */
export function unsafeInput(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return `${path || 'value'}: NUL character`;
    // With the u flag a surrogate range matches only surrogates that are not part of a pair.
    if (/[\uD800-\uDFFF]/u.test(value)) return `${path || 'value'}: lone surrogate`;
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return `${path || 'value'}: nested too deeply`;
  for (const [key, item] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    if (UNSAFE_KEYS.has(key)) return `${where}: reserved key`;
    const keyProblem = unsafeInput(key, where, depth + 1);
    if (keyProblem) return keyProblem;
    const problem = unsafeInput(item, where, depth + 1);
    if (problem) return problem;
  }
  // Own keys that Object.entries skips (a JSON "__proto__" is an own key after JSON.parse).
  if (Object.hasOwn(value, '__proto__')) return `${path ? `${path}.` : ''}__proto__: reserved key`;
  return null;
}

const CONTEXT_CODE: Record<string, string> = {
  body: 'invalid_body',
  params: 'invalid_param',
  querystring: 'invalid_param',
  headers: 'invalid_header',
};
const CONTEXT_NAME: Record<string, string> = { body: 'body', params: 'path', querystring: 'query', headers: 'header' };

/** A refused part of a request: 400, its part's code, the problem named in the detail. */
const partError = (part: string, problem: string) =>
  httpError(400, `Invalid request ${CONTEXT_NAME[part] ?? part}: ${problem}`, CONTEXT_CODE[part] ?? 'invalid_param');

const fieldOf = (error: FastifySchemaValidationError) => error.instancePath.replace(/^\//, '').split('/');

/**
 * A refused body's issues in `language`: its route's schema read again over the body with zod's
 * locale of that language. Fastify's validator knows no request, and words them in English; this
 * runs only for a refusal, when its answer is sent.
 */
function bodyIssuesIn(request: FastifyRequest, language: string) {
  const schema = request.routeOptions.schema?.body as z.ZodType | undefined;
  const problems = schema ? schemaProblems(schema, request.body, language) : [];
  return problems.length > 0 ? problems.map(({ path, message }) => ({ path: path.map(String), message })) : undefined;
}

/**
 * The error a failed schema check becomes: the first problem, with its field, in the message (the
 * English detail); and, for a body, every problem by field (`issues`: path and message) in the
 * answer's language, for a form to show each beside its field.
 */
export function schemaError(errors: readonly FastifySchemaValidationError[], part: string): Error {
  const first = errors[0];
  const field = first ? fieldOf(first).join('.') : '';
  const error = partError(part, `${field ? `${field}: ` : ''}${first?.message ?? 'invalid'}`);
  if (part !== 'body') return error;
  const english = errors.map((each) => ({ path: fieldOf(each).filter(Boolean), message: each.message ?? 'invalid' }));
  return withDetails(error, (language, request) => ({
    issues: language === 'en' ? english : (bodyIssuesIn(request, language) ?? english),
  }));
}

/** An API route as declared: what the fuzz test and the route inventory walk. */
export interface ApiRoute {
  method: string;
  url: string;
  schema: FastifySchema;
}
const declared = new WeakMap<FastifyInstance, ApiRoute[]>();
/** The API routes an app declared, in order. */
export const apiRoutes = (app: FastifyInstance): readonly ApiRoute[] => declared.get(app) ?? [];

const isApiRoute = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Installs the layer: zod schemas as Fastify's validators, the unsafe-input check before them,
 * and a start-up refusal of any API route that does not declare its schemas (so a new route
 * cannot skip validation). Call before any route is declared.
 */
export function installValidation(app: FastifyInstance): Api {
  app.setValidatorCompiler(validatorCompiler);
  const routes: ApiRoute[] = [];
  declared.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url) || route.method === 'HEAD') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const missing = [
      route.url.includes(':') && !route.schema?.params ? 'params' : null,
      !route.schema?.querystring ? 'querystring' : null,
      methods.some((method) => BODY_METHODS.has(method)) && !route.schema?.body ? 'body' : null,
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no schema for ${missing.join(', ')}`);
    }
    for (const method of methods) routes.push({ method, url: route.url, schema: route.schema ?? {} });
    // The unsafe-input check runs on every API route after the route's own hooks (a beacon's text
    // body is read as JSON there), before its schemas.
    const own = route.preValidation;
    const check = async (request: FastifyRequest) => {
      const parts = [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ] as const;
      for (const [part, value] of parts) {
        const problem = unsafeInput(value);
        if (problem) throw partError(part, problem);
      }
    };
    route.preValidation = own ? [...(Array.isArray(own) ? own : [own]), check] : check;
  });
  return app.withTypeProvider<ZodTypeProvider>();
}

/** Fastify's own request refusals, by their codes, as the app's machine-readable codes. */
const FASTIFY_CODES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_body',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
  FST_ERR_BAD_URL: 'invalid_param',
  FST_ERR_ASYNC_CONSTRAINT: 'invalid_param',
  FST_ERR_VALIDATION: 'invalid_param',
};

/** The code of a refusal raised without one, by its status. */
const STATUS_CODES: Readonly<Record<number, string>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'body_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** Every code the layer itself can answer with (each has its api_error_ message). */
export const LAYER_CODES: readonly string[] = [
  ...new Set([
    ...Object.values(CONTEXT_CODE),
    ...Object.values(FASTIFY_CODES),
    ...Object.values(STATUS_CODES),
    'bad_request',
  ]),
];

/**
 * The machine-readable code of a 4xx: the app's own, Fastify's translated (FST_ERR_...), else one
 * by status. Every refusal the server sends carries one.
 */
export const refusalCode = (code: string | undefined, statusCode: number): string =>
  code && !code.startsWith('FST_')
    ? code
    : ((code && FASTIFY_CODES[code]) ?? STATUS_CODES[statusCode] ?? 'bad_request');
