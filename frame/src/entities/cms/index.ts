export { bannersQuery, cmsPageQuery, landingQuery } from './api.ts';
