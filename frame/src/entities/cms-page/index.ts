export { bannersQuery, type CmsAudience, cmsPageQuery, landingQuery } from './api/cms-page.ts';
