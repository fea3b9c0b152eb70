export { AccountBar } from './ui/account-bar.tsx';
