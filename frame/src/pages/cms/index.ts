export { BannerPage } from './banner-page.tsx';
export { CmsPageView, HeadlessPageView } from './cms-page.tsx';
export { cmsLoader, landingLoader, PAGE_VALIDATORS } from './cms-route.ts';
