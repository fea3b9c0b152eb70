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

/** The frame's one i18n instance. Missing keys are logged and render as empty text (spec 8). */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: undefined,
  fallbackLng: false,
  resources: {},
  interpolation: { escapeValue: false },
  returnNull: false,
  saveMissing: true,
  missingKeyHandler: (lngs, _ns, key) => {
    console.warn(`i18n: missing translation key "${key}" for ${lngs.join(', ')}`);
  },
  parseMissingKeyHandler: (key) => {
    const lng = i18n.language;
    return lng && i18n.hasResourceBundle(lng, 'translation') ? '' : (OFFLINE_TEXTS[key] ?? '');
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

/** Installs the server dictionary of `lng`, with the project's extra texts over it, and switches to it. */
export async function applyDictionary(
  lng: string,
  dictionary: Record<string, string>,
  extra: Record<string, string> = {},
): Promise<void> {
  if (Object.keys(dictionary).length === 0) console.error(`i18n: dictionary for "${lng}" is empty`);
  extraTexts.set(lng, extra);
  i18n.addResourceBundle(lng, 'translation', { ...dictionary, ...extra }, true, true);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
}

/**
 * Adds a dictionary unit of `lng` (spec 7: dictionaries load by unit) to what its keys read; the
 * language itself is switched by `applyDictionary`, with the config.
 */
export function addDictionaryUnit(lng: string, dictionary: Record<string, string>): void {
  i18n.addResourceBundle(lng, 'translation', { ...dictionary, ...extraTexts.get(lng) }, true, true);
}
