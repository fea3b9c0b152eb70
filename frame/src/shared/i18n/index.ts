export {
  addDictionaryUnit,
  applyDictionary,
  browserI18n,
  createFrameI18n,
  type FrameI18n,
  i18n,
} from './i18n.ts';
