export { BallAnimation } from './ball-animation.tsx';
