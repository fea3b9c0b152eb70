export { BlockPage } from './ui/block-page.tsx';
