import Bowser from 'bowser';
import { isbot } from 'isbot';

/** Spec 3 "Device info". */
export interface DeviceInfo {
  mobile: boolean;
  tablet: boolean;
  ios: boolean;
  android: boolean;
  windows: boolean;
  macos: boolean;
  /** Browser family as the parser names it ("Chrome", "Safari", ...); "unknown" when it cannot tell. */
  browser: string;
  crawler: boolean;
}

/** Parses a user agent with bowser (platform, OS, browser) and isbot (crawlers). */
export function parseDeviceInfo(userAgent: string): DeviceInfo {
  const parser = Bowser.getParser(userAgent || 'unknown');
  const platform = parser.getPlatformType(true);
  const os = parser.getOSName(true);
  return {
    mobile: platform === 'mobile',
    tablet: platform === 'tablet',
    ios: os === 'ios',
    android: os === 'android',
    windows: os === 'windows',
    macos: os === 'macos',
    browser: parser.getBrowserName() || 'unknown',
    crawler: isbot(userAgent),
  };
}

let current: DeviceInfo | undefined;
/** Device info of this browser, parsed once. */
export const deviceInfo = (): DeviceInfo => {
  current ??= parseDeviceInfo(navigator.userAgent);
  return current;
};
