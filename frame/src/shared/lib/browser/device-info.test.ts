import { expect, test } from 'vitest';
import { parseDeviceInfo } from './device-info.ts';

const AGENTS = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.6422.165 Mobile Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

test('an iPhone is a mobile iOS Safari', () => {
  expect(parseDeviceInfo(AGENTS.iphone)).toEqual({
    mobile: true,
    tablet: false,
    ios: true,
    android: false,
    windows: false,
    macos: false,
    browser: 'Safari',
    crawler: false,
  });
});

test('an iPad is a tablet, an Android phone and its web view are mobile Android', () => {
  expect(parseDeviceInfo(AGENTS.ipad)).toMatchObject({ tablet: true, mobile: false, ios: true });
  expect(parseDeviceInfo(AGENTS.androidPhone)).toMatchObject({ mobile: true, android: true, browser: 'Chrome' });
  expect(parseDeviceInfo(AGENTS.androidWebView)).toMatchObject({ mobile: true, android: true, crawler: false });
});

test('desktop systems and browser families', () => {
  expect(parseDeviceInfo(AGENTS.windowsEdge)).toMatchObject({
    windows: true,
    mobile: false,
    browser: 'Microsoft Edge',
  });
  expect(parseDeviceInfo(AGENTS.macFirefox)).toMatchObject({ macos: true, browser: 'Firefox' });
});

test('crawlers are recognised, and an empty agent does not throw', () => {
  expect(parseDeviceInfo(AGENTS.googlebot).crawler).toBe(true);
  expect(parseDeviceInfo('')).toMatchObject({ mobile: false, browser: 'unknown' });
});
