export { PromoBanner } from './ui/blocks.tsx';
export { CmsBlocks } from './ui/cms-blocks.tsx';
export { CmsBlocksPreview } from './ui/cms-blocks-preview.tsx';
