import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../api/client.ts';
import en from '../locales/en.json';
import ru from '../locales/ru.json';

/** The console's languages: every visible string is in both dictionaries. */
export const CONSOLE_LANGUAGES = ['en', 'ru'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

/** Where the chosen language is kept between visits. */
export const LANGUAGE_STORAGE_KEY = 'promo-console-language';

const isConsoleLanguage = (value: unknown): value is ConsoleLanguage =>
  typeof value === 'string' && (CONSOLE_LANGUAGES as readonly string[]).includes(value);

/** The stored choice, else the browser's first language the console has, else English. */
export function initialLanguage(): ConsoleLanguage {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isConsoleLanguage(stored)) return stored;
  } catch {
    // Storage may be off (private mode): the browser's language decides.
  }
  const browser = (navigator.languages ?? [navigator.language]).map((tag) => tag.slice(0, 2).toLowerCase());
  return browser.find(isConsoleLanguage) ?? 'en';
}

const apply = (language: string) => {
  setApiLanguage(language);
  document.documentElement.lang = language;
};

/** A ready i18next instance (the dictionaries are bundled: two small files). */
export async function createI18n(language: ConsoleLanguage = initialLanguage()): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  instance.on('languageChanged', apply);
  await instance.init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: CONSOLE_LANGUAGES,
    resources: { en: { translation: en }, ru: { translation: ru } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  apply(language);
  return instance;
}

/** Switches the language and remembers it. */
export async function switchLanguage(instance: i18n, language: ConsoleLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not kept: the choice lasts for this page.
  }
  await instance.changeLanguage(language);
}
