export { PadlockIcon } from './padlock-icon.tsx';
