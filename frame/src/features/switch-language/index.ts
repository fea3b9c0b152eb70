export { LanguageSwitcher } from './language-switcher.tsx';
