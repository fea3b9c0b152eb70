export { LoadFailed } from './load-failed.tsx';
