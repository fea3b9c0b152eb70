export { configPartQuery, fetchConfigPart, useConfigPart } from './api/config-part.ts';
