export { SearchHunt } from './ui/search-hunt.tsx';
