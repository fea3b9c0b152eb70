export { configPartQuery, useConfigPart } from './api/config-part.ts';
