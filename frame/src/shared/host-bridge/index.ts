import { HostBridge } from './bridge.ts';

export { startAutoHeight } from './auto-height.ts';
export { HostBridge } from './bridge.ts';
export { APP_AUTH_COOKIE, detectHostContext, type HostContext, type HostWindow } from './context.ts';

/** The frame's one host bridge. */
export const hostBridge = new HostBridge();
