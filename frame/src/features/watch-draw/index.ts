export { DRAW_REPLAY_STEP_MS, DrawReplay, WatchDraw } from './watch-draw.tsx';
