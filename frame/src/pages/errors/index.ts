export type { ErrorPageProps } from './error-page.tsx';
export { ErrorPageBoundary } from './error-page-boundary.tsx';
export { LazyErrorPage } from './lazy-error-page.tsx';
