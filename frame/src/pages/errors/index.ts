export { ErrorPage, type ErrorPageProps } from './ui/error-page.tsx';
