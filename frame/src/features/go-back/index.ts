export { GoBack } from './go-back.tsx';
