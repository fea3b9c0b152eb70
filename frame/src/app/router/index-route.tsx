import { isLanguageCode } from '@promo/contract';
import type { ComponentType } from 'react';
import { type RouteObject, useLoaderData } from 'react-router';
import { dictionaryMiddleware } from './dictionary-units.ts';
import { clientOf } from './route-context.ts';
import type { RouteHandle } from './routes.tsx';

type CmsPages = typeof import('../../pages/cms/index.ts');

/** The CMS page code, once a section page has needed it (home never loads it). */
let cmsPages: CmsPages | undefined;
/** The home page, loaded by the route's lazy before the first render. */
let HomePage: ComponentType | undefined;

/** Home, or the section page the loader found. */
function IndexPage() {
  // The loader gives data for a section page only.
  const Page = useLoaderData() ? cmsPages?.CmsPageView : HomePage;
  return Page ? <Page /> : null;
}

/**
 * `/` is home; `/{section}` (one segment, not a language) is a CMS section page, loaded by its slug
 * (an unknown slug is the 404 page). The page code loads in the route's `lazy` and the loader,
 * before the first render, so nothing renders under a fallback and then jumps (a Suspense fallback
 * here shifted the footer: CLS 0.145).
 */
export function createIndexRoute(): RouteObject {
  const isSection = (lng: string | undefined) => lng !== undefined && !isLanguageCode(lng);
  return {
    index: true,
    handle: {
      title: true,
      dictionary: ['home'],
      beforeHydration: async (params) => {
        if (isSection(params.lng)) cmsPages = await import('../../pages/cms/index.ts');
      },
    } satisfies RouteHandle,
    middleware: [dictionaryMiddleware(['home'])],
    loader: async (args) => {
      if (!isSection(args.params.lng)) return null;
      cmsPages = await import('../../pages/cms/index.ts');
      return cmsPages.sectionLoader(args, clientOf(args));
    },
    lazy: async () => {
      HomePage = (await import('../../pages/home/index.ts')).HomePage;
      return { Component: IndexPage };
    },
  };
}
