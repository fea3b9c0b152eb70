import { expect, test } from 'vitest';
import { artBackgroundVars, artSources } from './art-sources.ts';

const CDN = 'https://cdn.example.com/';
const DESKTOP = '/genfiles/cms/promotions/desktop/welcome-hero.png';
const PHONE = '(width < 768px)';

test.each([
  {
    case: 'desktop promotion art with its phone variant',
    path: DESKTOP,
    cdn: null,
    mobile: true,
    sources: [
      { srcSet: '/genfiles/cms/promotions/mobile/welcome-hero.webp', type: 'image/webp', media: PHONE },
      { srcSet: '/genfiles/cms/promotions/mobile/welcome-hero.png', type: 'image/png', media: PHONE },
      { srcSet: '/genfiles/cms/promotions/desktop/welcome-hero.webp', type: 'image/webp' },
    ],
    src: DESKTOP,
  },
  {
    case: 'the same on the CDN, every source included',
    path: DESKTOP,
    cdn: CDN,
    mobile: true,
    sources: [
      {
        srcSet: 'https://cdn.example.com/genfiles/cms/promotions/mobile/welcome-hero.webp',
        type: 'image/webp',
        media: PHONE,
      },
      {
        srcSet: 'https://cdn.example.com/genfiles/cms/promotions/mobile/welcome-hero.png',
        type: 'image/png',
        media: PHONE,
      },
      { srcSet: 'https://cdn.example.com/genfiles/cms/promotions/desktop/welcome-hero.webp', type: 'image/webp' },
    ],
    src: `https://cdn.example.com${DESKTOP}`,
  },
  {
    case: 'a place that reserves no phone size takes the desktop art at every width',
    path: DESKTOP,
    cdn: null,
    mobile: false,
    sources: [{ srcSet: '/genfiles/cms/promotions/desktop/welcome-hero.webp', type: 'image/webp' }],
    src: DESKTOP,
  },
  {
    case: 'crypto promotion art has no phone variant',
    path: '/genfiles/cms/crypto-promotions/crypto-boost.png',
    cdn: null,
    mobile: true,
    sources: [{ srcSet: '/genfiles/cms/crypto-promotions/crypto-boost.webp', type: 'image/webp' }],
    src: '/genfiles/cms/crypto-promotions/crypto-boost.png',
  },
  {
    case: 'a JPEG fallback',
    path: '/genfiles/cms/promotions/desktop/photo.jpg',
    cdn: null,
    mobile: true,
    sources: [
      { srcSet: '/genfiles/cms/promotions/mobile/photo.webp', type: 'image/webp', media: PHONE },
      { srcSet: '/genfiles/cms/promotions/mobile/photo.jpg', type: 'image/jpeg', media: PHONE },
      { srcSet: '/genfiles/cms/promotions/desktop/photo.webp', type: 'image/webp' },
    ],
    src: '/genfiles/cms/promotions/desktop/photo.jpg',
  },
  {
    case: 'vector art (an SVG) is served as it is, on the CDN too',
    path: '/genfiles/cms/promotions/desktop/old.svg',
    cdn: CDN,
    mobile: true,
    sources: [],
    src: 'https://cdn.example.com/genfiles/cms/promotions/desktop/old.svg',
  },
])('$case', ({ path, cdn, mobile, sources, src }) => {
  expect(artSources(path, cdn, mobile)).toEqual({ sources, src });
});

test.each([
  {
    cdn: null,
    vars: {
      '--art-webp': 'url("/genfiles/cms/lotto/powerball.webp")',
      '--art-fallback': 'url("/genfiles/cms/lotto/powerball.png")',
    },
  },
  {
    cdn: CDN,
    vars: {
      '--art-webp': 'url("https://cdn.example.com/genfiles/cms/lotto/powerball.webp")',
      '--art-fallback': 'url("https://cdn.example.com/genfiles/cms/lotto/powerball.png")',
    },
  },
])('background art: the WebP and the fallback for the page mark to pick (CDN $cdn)', ({ cdn, vars }) => {
  expect(artBackgroundVars('/genfiles/cms/lotto/powerball.png', cdn)).toEqual(vars);
});
