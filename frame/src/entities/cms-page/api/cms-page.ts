import { bannersSchema, CMS_PATHS, type CmsPageType, cmsPageSchema } from '@promo/contract';
import { queryOptions } from '@tanstack/react-query';
import { publicRequest } from '../../../shared/api/index.ts';

const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

/** GET bonus-api/page: the latest version of a CMS page in a language. */
export const cmsPageQuery = (type: CmsPageType, slug: string, language: string, currency: string) =>
  queryOptions({
    queryKey: ['cms-page', type, slug, language, currency],
    queryFn: ({ signal }) =>
      publicRequest(`${CMS_PATHS.page}${query({ type, slug, language, currency })}`, cmsPageSchema, { signal }),
    staleTime: 5 * 60_000,
  });

/** GET landings/{id}: a landing page in a language. */
export const landingQuery = (id: number, language: string) =>
  queryOptions({
    queryKey: ['cms-landing', id, language],
    queryFn: ({ signal }) => publicRequest(`${CMS_PATHS.landing(id)}${query({ language })}`, cmsPageSchema, { signal }),
    staleTime: 5 * 60_000,
  });

/** GET banners/data: the running promo banners in a language. */
export const bannersQuery = (language: string) =>
  queryOptions({
    queryKey: ['cms-banners', language],
    queryFn: ({ signal }) => publicRequest(`${CMS_PATHS.banners}${query({ language })}`, bannersSchema, { signal }),
    staleTime: 5 * 60_000,
  });
