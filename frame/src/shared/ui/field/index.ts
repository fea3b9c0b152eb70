export { inputClass } from './field-class.ts';
