import { API_PATHS, CMS_ENDPOINTS, LOTTO_ENDPOINTS, sessionUserSchema, timezonesSchema } from '@promo/contract';
import type { z } from 'zod/mini';
import { publicRequest, requestAs } from '../../../shared/api/index.ts';

/** A read-only call the explorer can make: how to build its path and the contract it answers with. */
export interface ApiCall {
  id: string;
  /** The one parameter the call takes, if any (a slug), with its default. */
  param?: { name: string; value: string };
  path: (ctx: { language: string; currency: string; param: string }) => string;
  schema: z.ZodMiniType;
  /** Goes with the session token when a player is signed in. */
  asUser?: boolean;
}

const query = (values: Record<string, string>) => `?${new URLSearchParams(values)}`;

/** The frame's public GET calls (spec 7): nothing here changes data. */
export const API_CALLS: readonly ApiCall[] = [
  {
    id: 'lotto-available',
    path: ({ currency }) => `${LOTTO_ENDPOINTS.available.path}${query({ currency })}`,
    schema: LOTTO_ENDPOINTS.available.answer,
    asUser: true,
  },
  {
    id: 'banners',
    path: ({ language }) => `${CMS_ENDPOINTS.banners.path}${query({ language })}`,
    schema: CMS_ENDPOINTS.banners.answer,
  },
  {
    id: 'cms-page',
    param: { name: 'slug', value: 'summer-cup' },
    path: ({ language, currency, param }) =>
      `${CMS_ENDPOINTS.page.path}${query({ type: 'landing', slug: param, language, currency })}`,
    schema: CMS_ENDPOINTS.page.answer,
  },
  {
    id: 'promotion-service-id',
    path: () => CMS_ENDPOINTS.promotionServiceId.path,
    schema: CMS_ENDPOINTS.promotionServiceId.answer,
  },
  { id: 'timezones', path: () => API_PATHS.timezones, schema: timezonesSchema },
  { id: 'session-user', path: () => API_PATHS.sessionUser, schema: sessionUserSchema, asUser: true },
];

export interface CallResult {
  ok: boolean;
  ms: number;
  body: unknown;
}

/** Makes a call through the frame's one HTTP client; its answer is parsed by the contract. */
export async function runCall(
  call: ApiCall,
  ctx: { language: string; currency: string; param: string; userId: number | null },
): Promise<CallResult> {
  const started = performance.now();
  const path = call.path(ctx);
  try {
    const body = call.asUser ? await requestAs(ctx.userId, path, call.schema) : await publicRequest(path, call.schema);
    return { ok: true, ms: Math.round(performance.now() - started), body };
  } catch (error) {
    const body = error instanceof Error ? { name: error.name, message: error.message } : error;
    return { ok: false, ms: Math.round(performance.now() - started), body };
  }
}
