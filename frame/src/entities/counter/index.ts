export { countersQuery } from './api/counters.ts';
