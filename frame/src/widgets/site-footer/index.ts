export { Copyright } from './copyright.tsx';
export { SiteFooter } from './site-footer.tsx';
