export { useAssetUrl } from './model/asset-url.ts';
export { BannerCard } from './ui/blocks.tsx';
export { CmsBlocks } from './ui/cms-blocks.tsx';
