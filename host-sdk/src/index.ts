export type { HostMessage, HostMessagePayload, HostMessageType, SiteConfigUpdate } from '@promo/contract';
export { HOST_MESSAGE, PROTOCOL_VERSION } from '@promo/contract';
export { type EmbeddedFrame, type EmbedFrameOptions, embedFrame, type InitData } from './embed-frame.ts';
export { buildFrameUrl, FRAME_BASE_PATH, type FrameUrlOptions } from './frame-url.ts';
