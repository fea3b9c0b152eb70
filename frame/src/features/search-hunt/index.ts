export { SearchHunt } from './search-hunt.tsx';
