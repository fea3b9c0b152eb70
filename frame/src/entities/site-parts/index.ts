export { configPartQuery, useConfigPart } from './api/config-part.ts';
export { countersQuery } from './api/counters.ts';
