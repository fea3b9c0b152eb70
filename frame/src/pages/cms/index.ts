export { BannerPage } from './banner-page.tsx';
export { CmsPageView, HeadlessPageView } from './cms-page.tsx';
export { bannerLoader, cmsLoader, landingLoader, PAGE_VALIDATORS, sectionLoader } from './cms-route.ts';
