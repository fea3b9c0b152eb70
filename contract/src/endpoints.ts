import type { z } from 'zod/mini';
import type { StaffRole } from './staff.ts';

/**
 * The endpoint table (issue 39, decision 041): each endpoint of the API once, with what the server
 * registers (method, path, the schemas of its params, query and body), what the frame calls and
 * reads (the path's params, the answer's schema), who may call it, whether it needs an
 * Idempotency-Key, and its cache policy. The server registers routes from it, the frame's queries
 * and mutations take their URL and types from it, and the offline mode's list is made from it.
 */

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: anyone (no session read), a visitor or a player (the answer may differ), a player,
 * or the operator's staff (a console session or an operator key) of the entry's `roles`.
 */
export type EndpointAccess = 'anyone' | 'visitor-or-player' | 'player' | 'operator';

/**
 * How a shared cache and the browser may keep the answer: not at all (money, identity, a player's
 * state), only the browser for a while, or anyone for a while (the same for every caller).
 */
export type CachePolicy =
  | { readonly kind: 'no-store' }
  | { readonly kind: 'private'; readonly maxAgeS: number }
  | { readonly kind: 'public'; readonly maxAgeS: number };

export const NO_STORE: CachePolicy = { kind: 'no-store' };

/** The Cache-Control header of a policy. */
export function cacheControl(policy: CachePolicy): string {
  switch (policy.kind) {
    case 'no-store':
      return 'no-store';
    case 'private':
      return `private, max-age=${policy.maxAgeS}`;
    case 'public':
      return `public, max-age=${policy.maxAgeS}`;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a schema of any input and output
type Schema = z.ZodMiniType<any, any>;

/**
 * What the answer is on the wire: one JSON body the handler returns (`json`, the default); a JSON
 * answer built once and kept as bytes, precompressed, with an ETag per coding (`prepared`: the
 * handler returns it, a 304 answers a client that has it); or server-sent events the handler writes
 * on the hijacked reply (`event-stream`: `answer` is the schema of one event's data).
 */
export type AnswerKind = 'json' | 'prepared' | 'event-stream';

/**
 * Who calls the endpoint: the frame (the default), or the host site's pages and server only (spec 7
 * calls the frame never makes). The operator API's callers are the operator's systems, by its base.
 */
export type EndpointCaller = 'frame' | 'host';

export interface Endpoint<Path extends string = string> {
  readonly method: EndpointMethod;
  /** Under the API's base (`/web-api`); `:name` is a path parameter. */
  readonly base: string;
  readonly path: Path;
  /** One line for people: what the call does (the API documents read it). */
  readonly summary: string;
  readonly params?: Schema;
  readonly query?: Schema;
  /** The body, when the method takes one; left out means none is read. */
  readonly body?: Schema;
  readonly answer: Schema;
  /** The status of a success, when not 200 (201: created, 202: accepted to be stored). */
  readonly status?: 200 | 201 | 202;
  /** The refusals a caller should expect, by status: what the API documents say. */
  readonly refusals?: Readonly<
    Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 428 | 429 | 503, string>>
  >;
  readonly access: EndpointAccess;
  /** For `operator` access: the staff roles (and operator keys of those roles) that may call it. */
  readonly roles?: readonly StaffRole[];
  /** The call changes money or a player's state: it carries an Idempotency-Key. */
  readonly idempotent: boolean;
  readonly cache: CachePolicy;
  /** Left out: `json`. */
  readonly answerKind?: AnswerKind;
  /** false: the server does not compress the answer on the fly (it is precompressed, or a stream). */
  readonly compress?: false;
  /** Left out: `frame`. */
  readonly caller?: EndpointCaller;
}

/** An endpoint as written in the table: the literal path kept for its parameters' types. */
/* @__NO_SIDE_EFFECTS__ */
export const endpoint = <const Path extends string, const E extends Endpoint<Path>>(
  definition: E & { path: Path },
): E => definition;

/** The names of a path's `:name` parameters. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's parameters. */
export type PathParams<Path extends string> = { readonly [Name in ParamNames<Path>]: string | number };

/** An endpoint's path with its parameters filled in (encoded), under its API base or not. */
export function endpointPath<Path extends string>(
  entry: Pick<Endpoint<Path>, 'path'>,
  params: PathParams<Path>,
): string {
  const values = params as Record<string, string | number>;
  return entry.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`endpoint ${entry.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The route the server registers: the base and the path, parameters as Fastify writes them. */
export const serverRoute = (entry: Pick<Endpoint, 'base' | 'path'>): string => `${entry.base}${entry.path}`;

/** The answer an endpoint's schema reads. */
export type EndpointAnswer<E extends Endpoint> = z.output<E['answer']>;
