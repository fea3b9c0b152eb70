/**
 * The site config's schema and its dictionary units', with the validation library under it: its own chunk, loaded beside
 * the config request and named in every page's preloads (decision 023), so that the entry chunk
 * neither carries nor evaluates schema code before the page's first render.
 */
export { dictionaryUnitSchema, siteConfigSchema } from '@promo/contract';
