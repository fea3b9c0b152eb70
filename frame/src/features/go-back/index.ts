export { GoBack } from './ui/go-back.tsx';
