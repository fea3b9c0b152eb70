export { useAssetUrl } from './asset-url.ts';
export { BannerCard } from './blocks.tsx';
export { CmsBlocks } from './cms-blocks.tsx';
