// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { visibleBand, watchBand } from './viewport-band.ts';

test.each([
  // frame top, frame height, viewport height -> band
  ['the whole frame on screen', 100, 400, 844, { top: 0, height: 400 }],
  ['a tall frame from the top of the page', 0, 3000, 844, { top: 0, height: 844 }],
  ['scrolled into the middle of a tall frame', -1200, 3000, 844, { top: 1200, height: 844 }],
  ['scrolled to the frame bottom', -2500, 3000, 568, { top: 2500, height: 500 }],
  ['the frame starting half way down', 300, 3000, 768, { top: 0, height: 468 }],
  ['the frame above the viewport', -4000, 3000, 844, { top: 3000, height: 0 }],
  ['the frame below the viewport', 900, 3000, 844, { top: 0, height: 0 }],
  ['fractional pixels, rounded inwards', -100.4, 1000.6, 500.5, { top: 101, height: 499 }],
])('%s', (_, frameTop, frameHeight, viewportHeight, band) => {
  expect(visibleBand(frameTop, frameHeight, viewportHeight)).toEqual(band);
});

let frames: FrameRequestCallback[] = [];
let top = 0;
beforeEach(() => {
  frames = [];
  top = 0;
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
});
afterEach(() => vi.restoreAllMocks());
const runFrame = () => {
  for (const callback of frames.splice(0)) callback(0);
};

function iframeAt() {
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  Object.defineProperty(iframe, 'clientHeight', { value: 3000 });
  iframe.getBoundingClientRect = () => ({ top }) as DOMRect;
  return iframe;
}

test('many scroll and resize events in one frame make one message, and an unchanged band none', () => {
  const onBand = vi.fn();
  const watch = watchBand(iframeAt(), onBand);
  for (let i = 0; i < 20; i += 1) {
    top -= 10;
    window.dispatchEvent(new Event('scroll'));
  }
  window.dispatchEvent(new Event('resize'));
  expect(onBand).not.toHaveBeenCalled();
  expect(frames).toHaveLength(1);
  runFrame();
  expect(onBand.mock.calls).toEqual([[{ top: 200, height: 800 }]]);

  window.dispatchEvent(new Event('scroll'));
  runFrame();
  expect(onBand).toHaveBeenCalledTimes(1);

  // A scroll inside a scrolling container of the host moves the iframe too (caught in capture).
  top = -900;
  document.body.dispatchEvent(new Event('scroll'));
  runFrame();
  expect(onBand).toHaveBeenLastCalledWith({ top: 900, height: 800 });

  watch.stop();
  top = -1000;
  window.dispatchEvent(new Event('scroll'));
  runFrame();
  expect(onBand).toHaveBeenCalledTimes(2);
});

test('after a reset the same band is sent again (a reloaded frame forgot it)', () => {
  const onBand = vi.fn();
  const watch = watchBand(iframeAt(), onBand);
  watch.schedule();
  runFrame();
  watch.reset();
  watch.schedule();
  runFrame();
  expect(onBand.mock.calls).toEqual([[{ top: 0, height: 800 }], [{ top: 0, height: 800 }]]);
  // Its listeners would measure in the next test too (the tests run in a shuffled order).
  watch.stop();
});
