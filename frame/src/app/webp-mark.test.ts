import { afterEach, expect, test, vi } from 'vitest';
import indexHtml from '../../index.html?raw';

/** index.html's inline check that marks the page webp or no-webp (spec 4), run as the browser runs it. */
const check = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map(([, body]) => body ?? '')
  .find((body) => body.includes('no-webp'));

afterEach(() => {
  document.documentElement.className = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A browser whose canvas encodes WebP as `encoded` says (or throws) and whose decoder `decodes` it. */
function browser(encoded: string | Error, decodes: boolean | 'wrong size') {
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => {
    if (encoded instanceof Error) throw encoded;
    return encoded;
  });
  const decoded = vi.fn();
  vi.stubGlobal(
    'Image',
    class {
      width = 0;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(url: string) {
        decoded(url);
        setTimeout(() => {
          if (!decodes) return this.onerror?.();
          this.width = decodes === true ? 1 : 0;
          this.onload?.();
        });
      }
    },
  );
  return decoded;
}

const classes = () => [...document.documentElement.classList];

test('a browser whose canvas encodes WebP is marked webp at once, before anything paints', () => {
  const decoded = browser('data:image/webp;base64,UklGR', true);
  new Function(check ?? '')();
  expect(classes()).toEqual(['webp']);
  expect(decoded).not.toHaveBeenCalled();
});

test.each([
  {
    case: 'decodes WebP but encodes PNG (Safari)',
    encoded: 'data:image/png;base64,iVBOR',
    decodes: true,
    mark: 'webp',
  },
  { case: 'has no WebP at all', encoded: 'data:image/png;base64,iVBOR', decodes: false, mark: 'no-webp' },
  { case: 'has a canvas that throws and no WebP', encoded: new Error('no canvas'), decodes: false, mark: 'no-webp' },
  { case: 'loads the test image at a wrong size', encoded: 'data:,', decodes: 'wrong size', mark: 'no-webp' },
] as const)(
  'a browser that $case is marked $mark once it has tried to decode a 1×1 WebP',
  async ({ encoded, decodes, mark }) => {
    const decoded = browser(encoded, decodes);
    new Function(check ?? '')();
    expect(decoded).toHaveBeenCalledWith(expect.stringMatching(/^data:image\/webp;base64,/));
    await vi.waitFor(() => expect(classes()).toEqual([mark]));
  },
);
