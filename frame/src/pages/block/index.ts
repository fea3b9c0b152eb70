export { BlockPage } from './block-page.tsx';
