import { expect, test } from 'vitest';
import { frameViewportMessage, HOST_MESSAGE, parseFrameViewport, parseHostMessage } from './host-messages.ts';

test('a frameViewport envelope built by the SDK reads back as its band', () => {
  expect(frameViewportMessage({ top: 1200, height: 844 })).toEqual({
    type: 'frameViewport',
    data: { top: 1200, height: 844 },
    v: 1,
  });
  expect(parseFrameViewport(frameViewportMessage({ top: 0, height: 0 }))).toEqual({ top: 0, height: 0 });
  // Extra fields are dropped, not passed on.
  expect(parseFrameViewport({ type: 'frameViewport', data: { top: 5, height: 6, left: 9 }, v: 1 })).toEqual({
    top: 5,
    height: 6,
  });
});

test('the frame-to-host types are the spec’s 34 and the tag service’s dataLayerPush; the band is not one of them', () => {
  expect(Object.keys(HOST_MESSAGE)).toHaveLength(35);
  expect(HOST_MESSAGE.dataLayerPush).toBe('dataLayerPush');
  expect(parseHostMessage(frameViewportMessage({ top: 1, height: 1 }))).toBeNull();
});

test.each([
  ['negative top', { top: -1, height: 500 }],
  ['negative height', { top: 0, height: -500 }],
  ['fractional pixels', { top: 10.5, height: 500 }],
  ['beyond the bound', { top: 1_000_001, height: 500 }],
  ['Infinity', { top: Number.POSITIVE_INFINITY, height: 500 }],
  ['NaN', { top: Number.NaN, height: 500 }],
  ['a string', { top: '10', height: 500 }],
  ['a missing field', { top: 10 }],
  ['no data', undefined],
  ['an array', [10, 500]],
])('a band with %s is ignored', (_, data) => {
  expect(parseFrameViewport({ type: 'frameViewport', data, v: 1 })).toBeNull();
});

test.each([
  ['another protocol version', { type: 'frameViewport', data: { top: 1, height: 1 }, v: 2 }],
  ['another type', { type: 'updateSiteConfig', data: { top: 1, height: 1 }, v: 1 }],
  ['not an envelope', 'frameViewport'],
  ['null', null],
])('%s is ignored', (_, raw) => {
  expect(parseFrameViewport(raw)).toBeNull();
});
