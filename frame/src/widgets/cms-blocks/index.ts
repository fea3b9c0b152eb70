export { BannerCard } from './blocks.tsx';
export { CmsBlocks } from './cms-blocks.tsx';
