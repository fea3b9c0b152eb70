export { pageClass } from './page-class.ts';
