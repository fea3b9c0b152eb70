import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_LANGUAGES, type ConsoleLanguage, switchLanguage } from '../i18n/i18n.ts';

/** The console's language (kept in localStorage); each named in its own language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('app.language')}
      </label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => void switchLanguage(i18n, event.target.value as ConsoleLanguage)}
      >
        {CONSOLE_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`app.languageName.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
