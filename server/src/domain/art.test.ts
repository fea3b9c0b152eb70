import { expect, test } from 'vitest';
import { ArtRefused, artStem, artTypeOf, sanitizeSvg } from './art.ts';

const svg = (inside: string, root = '') =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${root}>${inside}</svg>`,
  );

/** The refusal's code and what it names, or the sanitised text. */
const outcome = (bytes: Buffer) => {
  try {
    return sanitizeSvg(bytes, 'a.svg');
  } catch (error) {
    if (error instanceof ArtRefused) return [error.code, error.params.what];
    throw error;
  }
};

test.each([
  ['a script', svg('<script>alert(1)</script>'), ['art_svg_script', '<script>']],
  ['an event handler', svg('<rect onclick="x()"/>'), ['art_svg_script', 'onclick']],
  ['a handler on the root', svg('<rect/>', ' onload="x()"'), ['art_svg_script', 'onload']],
  ['a foreignObject', svg('<foreignObject><div>hi</div></foreignObject>'), ['art_svg_script', '<foreignobject>']],
  [
    'a javascript: link',
    svg('<a href="javascript:alert(1)"><rect/></a>'),
    ['art_svg_script', 'href="javascript:alert(1)"'],
  ],
  [
    'an external image',
    svg('<image xlink:href="http://x.example/a.png"/>'),
    ['art_svg_external', 'xlink:href="http://x.example/a.png"'],
  ],
  ['a relative use', svg('<use href="other.svg#a"/>'), ['art_svg_external', 'href="other.svg#a"']],
  ['an external fill', svg('<rect fill="url(https://x.example/p.svg#g)"/>'), ['art_svg_external', 'fill']],
  ['an @import', svg('<style>@import "https://x.example/a.css";</style>'), ['art_svg_external', '<style>']],
  [
    'an entity',
    Buffer.from('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>'),
    ['art_svg_external', '<!ENTITY>'],
  ],
])('an SVG with %s is refused', (_name, bytes, refusal) => {
  expect(outcome(bytes)).toEqual(refusal);
});

test('a clean SVG keeps its own references and embedded rasters; metadata, comments and editors’ elements go', () => {
  const clean = outcome(
    svg(
      '<!-- by hand --><metadata><rdf:RDF/></metadata><sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"/>' +
        '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><style>.a{fill:url(#g)}</style>' +
        '<rect id="r" class="a" width="4" height="4" fill="url(#g)"/><use xlink:href="#r" x="5"/><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>',
    ),
  );
  expect(typeof clean).toBe('string');
  expect(clean).toContain('xlink:href="#r"');
  expect(clean).toContain('fill="url(#g)"');
  expect(clean).toContain('data:image/png;base64');
  expect(clean).not.toMatch(/metadata|by hand|sodipodi/);
});

test.each([
  ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0], 'png'],
  ['JPEG', [0xff, 0xd8, 0xff, 0xe0, 0, 0], 'jpeg'],
  ['WebP', [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBPVP8 ')], 'webp'],
  ['SVG with a prolog', [...Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- x -->\n<svg width="1"/>')], 'svg'],
  ['GIF', [...Buffer.from('GIF89a')], null],
  ['HTML', [...Buffer.from('<html><svg/></html>')], null],
  ['a RIFF that is not WebP', [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WAVE')], null],
])('the type of %s is read from its bytes', (_name, bytes, type) => {
  expect(artTypeOf(Uint8Array.from(bytes))).toBe(type);
});

test('file names: a slug of the upload’s name and 16 hex digits of its hash', () => {
  const hash = 'ab'.repeat(32);
  expect(artStem('Summer Hero (final).PNG', hash)).toBe('summer-hero-final-abababababababab');
  expect(artStem('../../etc/passwd', hash)).toBe('etc-passwd-abababababababab');
  expect(artStem('Баннер.png', hash)).toBe('art-abababababababab');
});
