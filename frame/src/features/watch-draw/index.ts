export { DRAW_REPLAY_STEP_MS, DrawReplay, WatchDraw } from './ui/watch-draw.tsx';
