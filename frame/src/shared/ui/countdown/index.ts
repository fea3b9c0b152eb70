export { Countdown } from './countdown.tsx';
