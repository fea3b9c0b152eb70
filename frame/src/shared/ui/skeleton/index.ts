export { Skeleton } from './skeleton.tsx';
export { type LoadingState, useLoading } from './use-loading.ts';
