export { AccountSwitcher } from './ui/account-switcher.tsx';
