export { buildFrameUrl, FRAME_BASE_PATH, type FrameUrlOptions } from './frame-url.ts';
