export { AccountSwitcher } from './account-switcher.tsx';
