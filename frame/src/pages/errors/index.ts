export { ErrorPage, type ErrorPageProps } from './error-page.tsx';
export { ErrorPageBoundary } from './error-page-boundary.tsx';
