import { ANALYTICS_ENDPOINTS, API_BASES, API_PATHS } from '@promo/contract';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { z } from 'zod/mini';
import { apiUrl } from '../../src/shared/api/index.ts';
import { type Endpoint, endpointUrl, refuse, sessionHandlers, tableEndpoint } from '../contract-api.ts';
import { OFFLINE_ENDPOINTS } from './endpoints.ts';
import recorded from './recorded.json' with { type: 'json' };

/** One recorded answer of the reference server (scripts/record-offline-api.ts). */
export interface RecordedAnswer {
  method: 'GET' | 'POST';
  url: string;
  status: number;
  body: unknown;
}

/** An endpoint's path as a pattern: MSW's `:name` segments match one path segment each. */
const patternOf = (target: Endpoint) =>
  new RegExp(
    `^${endpointUrl(target.path)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[a-zA-Z]+/g, '[^/]+')}$`,
  );

/** The endpoint of the table a recorded answer belongs to, or undefined. */
export function endpointOf(answer: Pick<RecordedAnswer, 'method' | 'url'>): Endpoint | undefined {
  const { pathname } = new URL(answer.url, 'http://offline');
  return OFFLINE_ENDPOINTS.find((target) => target.method === answer.method && patternOf(target).test(pathname));
}

/**
 * Handlers that replay `answers`: each checked by its endpoint's contract schema when the handlers
 * are made (an answer the contract no longer accepts throws here, naming its URL), then given for
 * its path, the recorded query's answer when the query matches one, else the path's first one
 * (another language or amount still gets an answer of the right shape).
 */
export function replayHandlers(answers: readonly RecordedAnswer[]): HttpHandler[] {
  const byPath = new Map<string, RecordedAnswer[]>();
  for (const answer of answers) {
    const target = endpointOf(answer);
    if (!target) throw new Error(`offline: ${answer.method} ${answer.url} belongs to no endpoint of endpoints.ts`);
    if (answer.status < 400) {
      const parsed = z.safeParse(target.response, answer.body);
      if (!parsed.success)
        throw new Error(`offline: ${answer.method} ${answer.url} breaks the contract: ${parsed.error}`);
    }
    const { pathname } = new URL(answer.url, 'http://offline');
    const key = `${answer.method} ${pathname}`;
    byPath.set(key, [...(byPath.get(key) ?? []), answer]);
  }
  return [...byPath.entries()].map(([key, recordedHere]) => {
    const [method, pathname] = key.split(' ') as [RecordedAnswer['method'], string];
    const route = method === 'GET' ? http.get : http.post;
    return route(pathname, ({ request }) => {
      const { search } = new URL(request.url);
      const chosen = recordedHere.find((answer) => answer.url === pathname + search) ?? recordedHere[0];
      return HttpResponse.json(chosen?.body as object, { status: chosen?.status ?? 200 });
    });
  });
}

/** What the reference server answered the recording's walk through the frame (`npm run offline:record`). */
export const OFFLINE_RECORDING = recorded as RecordedAnswer[];

/**
 * What the offline mode says to an action: it is not sent anywhere, so nothing happened. A refusal
 * (4xx), not a server failure: the frame shows a refusal's message at once, where it would resend a
 * 5xx and then ask the player to try again later.
 */
export const OFFLINE_REFUSAL = {
  status: 403,
  code: 'offline',
  message: 'Offline mode: the dev server has no reference server behind it, so this action was not sent.',
} as const;

/** The recorded player: the session the reference server answered the recording's sign-in with. */
export function recordedPlayerId(answers: readonly RecordedAnswer[]): number {
  const session = answers.find((answer) => answer.url === apiUrl(API_PATHS.sessionUser));
  const id = (session?.body as { user_id?: unknown } | undefined)?.user_id;
  if (typeof id !== 'number') throw new Error('offline: the recording has no signed-in session (sessions/user)');
  return id;
}

/** The telemetry beacons: taken without a word offline (nothing is sent anywhere). */
const TELEMETRY = [ANALYTICS_ENDPOINTS.events, ANALYTICS_ENDPOINTS.metrics].map((entry) => tableEndpoint(entry));
const isTelemetry = (target: Endpoint) =>
  TELEMETRY.some((beacon) => beacon.method === target.method && beacon.path === target.path);

/**
 * The offline dev server's handlers: a fresh session token for the recorded player (the recorded
 * one has expired), the recorded answers, every action nothing was recorded for (a spin, a ticket, a
 * bonus taken) refused with OFFLINE_REFUSAL, telemetry taken without a word, and any other API call
 * answered with OFFLINE_REFUSAL and named in the console.
 */
export function offlineHandlers(answers: readonly RecordedAnswer[] = OFFLINE_RECORDING): HttpHandler[] {
  const recordedEndpoints = new Set(answers.map(endpointOf));
  const actions = OFFLINE_ENDPOINTS.filter(
    (target) => target.method === 'POST' && !recordedEndpoints.has(target) && !isTelemetry(target),
  );
  return [
    ...sessionHandlers(recordedPlayerId(answers)),
    ...replayHandlers(answers.filter((answer) => !answer.url.startsWith(apiUrl(API_PATHS.getToken)))),
    ...actions.map((target) => refuse(target, OFFLINE_REFUSAL.status, OFFLINE_REFUSAL.code, OFFLINE_REFUSAL.message)),
    ...TELEMETRY.map((beacon) => http.post(endpointUrl(beacon.path), () => new HttpResponse(null, { status: 204 }))),
    ...API_BASES.map((base) =>
      http.all(`${base}/*`, ({ request }) => {
        console.warn(`offline: nothing recorded for ${request.method} ${new URL(request.url).pathname}`);
        return HttpResponse.json(
          { statusCode: OFFLINE_REFUSAL.status, error: OFFLINE_REFUSAL.code, message: OFFLINE_REFUSAL.message },
          { status: OFFLINE_REFUSAL.status },
        );
      }),
    ),
  ];
}
