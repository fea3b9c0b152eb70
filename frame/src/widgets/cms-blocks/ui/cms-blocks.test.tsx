import type { CmsBlock } from '@promo/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { applyDictionary, i18n } from '../../../shared/i18n/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { sanitizeHtml } from '../lib/sanitize.ts';
import { CmsBlocks } from './cms-blocks.tsx';

beforeAll(async () => {
  await applyDictionary('en', { bonus_up_to: 'up to {{amount}}', bonus_wager: 'Wager', promo_cta_join: 'Join now' });
  useGlobalStore.setState({ currentLanguage: 'en' });
});
afterEach(() => vi.restoreAllMocks());

function renderBlocks(blocks: CmsBlock[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['cms-banners', 'en'], {
    banners: [
      {
        id: 2,
        title: 'Lucky Day',
        text: 'Pick a number',
        image: '/genfiles/cms/b.svg',
        href: 'promotion/luckyday',
        endsAt: null,
      },
    ],
  });
  const router = createMemoryRouter([{ path: '*', element: <CmsBlocks blocks={blocks} /> }]);
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

test('hero: title, text, picture and its call to action', () => {
  renderBlocks([
    {
      id: 'h',
      type: 'hero',
      props: {
        title: 'Welcome pack',
        text: 'Double it',
        image: '/genfiles/cms/w.svg',
        cta: { label: 'Go', target: { kind: 'page', path: 'promotion/bonus200' } },
      },
    },
  ]);
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome pack' })).toBeInTheDocument();
  expect(screen.getByText('Double it')).toBeInTheDocument();
  // A decorative picture (empty alt) is hidden from assistive technology.
  expect(document.querySelector('img')).toHaveAttribute('src', '/genfiles/cms/w.svg');
  expect(screen.getByRole('link', { name: 'Go' })).toHaveAttribute('href', '/en/promotion/bonus200');
});

test.each([
  ['hero', 'default', 1],
  ['hero', 'h2', 2],
  ['hero', 'h3', 3],
  ['steps', 'default', 2],
  ['steps', 'h3', 3],
  ['rules', 'default', 2],
  ['rules', 'h1', 1],
])('%s with heading %s: its title is a level %i heading', (type, heading, level) => {
  renderBlocks([
    { id: 'b', type, props: { title: 'Welcome pack', items: [], ...(heading === 'default' ? {} : { heading }) } },
  ]);
  expect(screen.getByRole('heading', { name: 'Welcome pack' })).toHaveProperty('tagName', `H${level}`);
});

test('a heading tag other than h1, h2 or h3 is props the block does not take: it is skipped', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  renderBlocks([{ id: 'odd-heading', type: 'hero', props: { title: 'Welcome pack', heading: 'h4' } }]);
  expect(screen.queryByRole('heading')).toBeNull();
  expect(warn).toHaveBeenCalledWith('CMS block "odd-heading" (hero) skipped: its props do not match the block type');
});

test('rich text is sanitised; image keeps its size; countdown counts', () => {
  renderBlocks([
    {
      id: 'r',
      type: 'richText',
      props: { html: '<p onclick="x()">Hi <strong>there</strong></p><script>alert(1)</script>' },
    },
    { id: 'i', type: 'image', props: { src: '/genfiles/cms/a.svg', alt: 'Trophy', width: 320, height: 180 } },
    { id: 'c', type: 'countdown', props: { endsAt: Math.floor(Date.now() / 1000) + 3600, label: 'Ends in' } },
  ]);
  const strong = screen.getByText('there');
  expect(strong.tagName).toBe('STRONG');
  expect(strong.parentElement).not.toHaveAttribute('onclick');
  expect(document.querySelector('script')).toBeNull();
  expect(screen.getByRole('img', { name: 'Trophy' })).toHaveAttribute('width', '320');
  expect(screen.getByRole('timer', { name: 'Ends in' })).toBeInTheDocument();
});

test('bonus card, steps, rules accordion, call to action and promo banner', () => {
  renderBlocks([
    {
      id: 'b',
      type: 'bonusCard',
      props: { title: 'First deposit', percent: 100, maxAmount: '500', currencyCode: 'USD', wager: 5 },
    },
    {
      id: 's',
      type: 'steps',
      props: {
        title: 'Steps',
        items: [
          { title: 'Register', text: 'A minute' },
          { title: 'Deposit', text: '$10' },
        ],
      },
    },
    {
      id: 'ru',
      type: 'rules',
      props: { title: 'Rules', items: [{ title: 'Wagering', html: '<p>Five <em>times</em></p>' }] },
    },
    { id: 'cta', type: 'callToAction', props: { label: 'Deposit now', target: { kind: 'recharge' } } },
    { id: 'pb', type: 'promoBanner', props: { bannerId: 2 } },
  ]);
  const card = screen.getByRole('region', { name: 'First deposit' });
  expect(card).toHaveTextContent('+100% up to $500.00');
  expect(card).toHaveTextContent('Wager ×5');
  expect(within(screen.getByRole('region', { name: 'Steps' })).getAllByRole('listitem')).toHaveLength(2);
  expect(screen.getByText('Wagering').closest('details')).not.toHaveAttribute('open');
  expect(screen.getByRole('link', { name: 'Deposit now' })).toHaveAttribute('href', '/office/recharge');
  expect(screen.getByRole('link', { name: /Lucky Day/ })).toHaveAttribute('href', '/en/promotion/luckyday');
});

test('unknown block types and wrong props are skipped with a warning; the rest still renders', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  renderBlocks([
    { id: 'poll', type: 'feedbackPoll', props: {} },
    { id: 'bad', type: 'image', props: { src: 'https://evil.example/x.png', alt: 'x', width: 1, height: 1 } },
    { id: 'proto', type: 'constructor', props: {} },
    { id: 'ok', type: 'richText', props: { html: '<p>Still here</p>' } },
  ]);
  expect(screen.getByText('Still here')).toBeInTheDocument();
  expect(document.querySelector('img')).toBeNull();
  expect(warn).toHaveBeenCalledWith('CMS block "poll" (feedbackPoll) skipped: unknown block type');
  expect(warn).toHaveBeenCalledWith('CMS block "bad" (image) skipped: its props do not match the block type');
  expect(warn).toHaveBeenCalledWith('CMS block "proto" (constructor) skipped: unknown block type');
});

test('sanitising removes scripts, handlers and javascript: links, and moves CMS images to the CDN', () => {
  const out = sanitizeHtml(
    '<a href="javascript:alert(1)">x</a><img src="/genfiles/cms/a.png" onerror="alert(1)"><svg><script>alert(1)</script></svg><a href="/x" target="_blank">y</a>',
    'https://cdn.example.com',
  );
  expect(out).not.toMatch(/javascript:|onerror|<script|<svg/i);
  expect(out).toContain('src="https://cdn.example.com/genfiles/cms/a.png"');
  expect(out).toContain('rel="noopener noreferrer"');
  expect(sanitizeHtml('<img src="/genfiles/cms/a.png">')).toContain('src="/genfiles/cms/a.png"');
});
