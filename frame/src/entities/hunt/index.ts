export { huntBoardQuery, searchHunt } from './api/hunt.ts';
