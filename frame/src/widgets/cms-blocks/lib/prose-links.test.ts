import { expect, test } from 'vitest';
import { classifyProseLink } from './prose-links.ts';

const ORIGIN = 'https://frame.example';

test.each([
  ['/promo-frame/en/headless/terms', { kind: 'frame', to: '/en/headless/terms' }],
  ['/promo-frame/ru/promotion/1st?x=1#faq', { kind: 'frame', to: '/ru/promotion/1st?x=1#faq' }],
  ['/information/responsible-gaming', { kind: 'host', path: '/information/responsible-gaming' }],
  ['/bonus/rules?category=sport', { kind: 'host', path: '/bonus/rules?category=sport' }],
  ['/genfiles/cms/docs/terms.pdf', { kind: 'document', url: `${ORIGIN}/genfiles/cms/docs/terms.pdf` }],
  ['https://regulator.example/licence', { kind: 'document', url: 'https://regulator.example/licence' }],
  ['mailto:help@site.example', { kind: 'default' }],
  ['javascript:alert(1)', { kind: 'default' }],
  ['http://[broken', { kind: 'default' }],
])('%s is a %o link', (href, expected) => {
  expect(classifyProseLink(href, ORIGIN)).toEqual(expected);
});
