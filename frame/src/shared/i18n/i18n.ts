import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Texts for the error page when no dictionary could be loaded at all (config request failed). */
const OFFLINE_TEXTS: Record<string, string> = {
  error_page_title: 'Something went wrong',
  error_page_message_404: 'This page could not be found',
  error_page_message_500: 'Internal server error. Please try again later.',
  error_page_home_link: 'Go to home page',
  error_page_retry: 'Try again',
  error_page_nav_label: 'Useful links',
  error_page_nav_promotions: 'Promotions',
  error_page_nav_lotteries: 'Lotteries',
  error_page_nav_bonus_rules: 'Bonus rules',
};

/** One i18n instance with the frame's dictionary rules: the browser's, or one server render's. */
export interface FrameI18n {
  instance: I18n;
  /** Installs the server dictionary of `lng`, with the project's extra texts over it, and switches to it. */
  applyDictionary(lng: string, dictionary: Record<string, string>, extra?: Record<string, string>): Promise<void>;
  /**
   * Adds a dictionary unit of `lng` (spec 7: dictionaries load by unit) to what its keys read; the
   * language itself is switched by `applyDictionary`, with the config.
   */
  addDictionaryUnit(lng: string, dictionary: Record<string, string>): void;
}

/**
 * How texts are added: over the language's texts, key by key, without a copy. A dictionary maps
 * keys to strings (contract's dictionarySchema, nothing nested), so i18next's deep merge (a walk of
 * every key) and its defensive copy (a JSON round trip) did what one spread does, on every render
 * and every dictionary unit; the bundle handed over is a new object each time.
 */
const FRESH_FLAT_TEXTS = { silent: false, skipCopy: true } as const;

/**
 * A new instance with no dictionary yet (language `lng`). Missing keys are logged and render as
 * empty text (spec 8), or as the offline texts while no dictionary is installed.
 */
export function createFrameI18n(lng?: string): FrameI18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (lngs, _ns, key) => {
      console.warn(`i18n: missing translation key "${key}" for ${lngs.join(', ')}`);
    },
    parseMissingKeyHandler: (key) => {
      const current = instance.language;
      return current && instance.hasResourceBundle(current, 'translation') ? '' : (OFFLINE_TEXTS[key] ?? '');
    },
    // A dictionary unit added after the language (a page's, spec 7) renders its keys at once.
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  /**
   * The project's own texts per language (the config's extra block, spec 5): over every text of the
   * language, whichever unit brought it and whenever it came, so the server's render and the
   * browser's, which add units in another order, read the same.
   */
  const extraTexts = new Map<string, Record<string, string>>();
  return {
    instance,
    async applyDictionary(code, dictionary, extra = {}) {
      if (Object.keys(dictionary).length === 0) console.error(`i18n: dictionary for "${code}" is empty`);
      extraTexts.set(code, extra);
      instance.addResourceBundle(code, 'translation', { ...dictionary, ...extra }, false, true, FRESH_FLAT_TEXTS);
      if (instance.language !== code) await instance.changeLanguage(code);
    },
    addDictionaryUnit(code, dictionary) {
      instance.addResourceBundle(
        code,
        'translation',
        { ...dictionary, ...extraTexts.get(code) },
        false,
        true,
        FRESH_FLAT_TEXTS,
      );
    },
  };
}

/** The browser's one instance, also react-i18next's default (a component outside any provider). */
export const browserI18n: FrameI18n = createFrameI18n();
export const i18n: I18n = browserI18n.instance;
// react-i18next's default instance: what a component outside any provider reads.
initReactI18next.init(i18n);

export const { applyDictionary, addDictionaryUnit } = browserI18n;
