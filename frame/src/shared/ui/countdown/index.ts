export { Countdown } from './countdown.tsx';
export { useRenderCountdown } from './use-render-countdown.tsx';
