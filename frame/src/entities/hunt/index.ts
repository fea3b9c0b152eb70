export { huntBoardQuery, searchHunt } from './hunt.ts';
