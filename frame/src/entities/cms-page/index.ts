export { bannersQuery, cmsPageQuery, landingQuery } from './api/cms-page.ts';
