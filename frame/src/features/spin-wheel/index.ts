export { SpinWheel } from './ui/spin-wheel.tsx';
