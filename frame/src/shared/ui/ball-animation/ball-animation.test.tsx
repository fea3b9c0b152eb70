import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { BallAnimation } from './ball-animation.tsx';

/** Images that load or fail by their address, as the server would answer them. */
let failing: Set<string>;
beforeEach(() => {
  failing = new Set();
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(url: string) {
        queueMicrotask(() => (failing.has(url) ? this.onerror?.() : this.onload?.()));
      }
    },
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The sprite the ball shows (decorative, hidden from assistive technology: found by its attribute). */
const sprite = () => document.querySelector('[data-sprite]')?.getAttribute('data-sprite');
const renderBall = (spriteUrl: string | null | undefined) => render(<BallAnimation spriteUrl={spriteUrl} />);

test.each([
  ['no config (an error page without one)', undefined, '/genfiles/cms/sprites/error-ball.svg'],
  ['a config that names no sprite', null, '/genfiles/cms/sprites/error-ball.svg'],
  ['a config that names its own', '/genfiles/cms/special/ball.svg', '/genfiles/cms/special/ball.svg'],
])('with %s, the project sprite is %s', async (_, spriteUrl, expected) => {
  renderBall(spriteUrl);
  await waitFor(() => expect(sprite()).toBe(expected));
});

test('when the sprites directory has no sprite, the bundled default stays', async () => {
  failing.add('/genfiles/cms/sprites/error-ball.svg');
  renderBall(null);
  await waitFor(() => expect(console.warn).toHaveBeenCalled());
  expect(sprite()).toMatch(/ball-sprite-default/);
});
