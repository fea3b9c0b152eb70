export { bannersQuery, type CmsAudience, cmsPageQuery, cmsPreviewQuery, landingQuery } from './api/cms-page.ts';
