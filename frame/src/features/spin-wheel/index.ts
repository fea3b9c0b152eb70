export { SpinWheel } from './spin-wheel.tsx';
