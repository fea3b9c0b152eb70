export { addDictionaryUnit, applyDictionary, i18n } from './i18n.ts';
