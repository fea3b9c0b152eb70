export { bannerLoader, cmsLoader, landingLoader, PAGE_VALIDATORS, sectionLoader } from './api/cms-route.ts';
export { BannerPage } from './ui/banner-page.tsx';
export { CmsPageView, HeadlessPageView } from './ui/cms-page.tsx';
