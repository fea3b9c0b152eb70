export { AccountBar } from './account-bar.tsx';
