import type { CmsBlock } from '@promo/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { bannersQuery } from '../../../entities/cms-page/index.ts';
import { applyDictionary, i18n } from '../../../shared/i18n/index.ts';
import { probeCdn, resetCdnProbes } from '../../../shared/lib/browser/index.ts';
import { readSsrData, SSR_DATA_ID } from '../../../shared/lib/rendering/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { sanitizeHtml } from '../lib/sanitize.ts';
import { CmsBlocks } from './cms-blocks.tsx';

beforeAll(async () => {
  await applyDictionary('en', { bonus_up_to: 'up to {{amount}}', bonus_wager: 'Wager', promo_cta_join: 'Join now' });
  useGlobalStore.setState({ currentLanguage: 'en', geoCurrencyCode: 'EUR' });
});
afterEach(() => vi.restoreAllMocks());

function renderBlocks(blocks: CmsBlock[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The banners as the server answers a visitor in euros.
  queryClient.setQueryData(bannersQuery('en', 'EUR').queryKey, {
    banners: [
      {
        id: 2,
        title: 'Lucky Day',
        text: 'Pick a number, win up to {{prize}}',
        image: '/genfiles/cms/b.svg',
        href: 'promotion/luckyday',
        endsAt: null,
        amounts: { prize: { amount: '92.00', currencyCode: 'EUR' } },
      },
      {
        id: 7,
        title: 'Wheel',
        text: 'Spin daily',
        image: '/genfiles/cms/promotions/desktop/banner-wheel.png',
        href: 'promotion/spin-wheel',
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
      props: {
        title: 'First deposit',
        percent: 100,
        maxAmount: { amount: '460.00', currencyCode: 'EUR' },
        wager: 5,
      },
    },
    {
      id: 's',
      type: 'steps',
      props: {
        title: 'Steps',
        items: [
          { title: 'Register', text: 'A minute' },
          { title: 'Deposit', text: 'From {{minDeposit}}' },
        ],
        amounts: { minDeposit: { amount: '9.20', currencyCode: 'EUR' } },
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
  expect(card).toHaveTextContent('+100% up to €460');
  expect(card).toHaveTextContent('Wager ×5');
  const steps = within(screen.getByRole('region', { name: 'Steps' })).getAllByRole('listitem');
  expect(steps).toHaveLength(2);
  expect(steps[1]).toHaveTextContent('From €9.20');
  expect(screen.getByText('Wagering').closest('details')).not.toHaveAttribute('open');
  expect(screen.getByRole('link', { name: 'Deposit now' })).toHaveAttribute('href', '/office/recharge');
  expect(screen.getByRole('link', { name: /Lucky Day/ })).toHaveAttribute('href', '/en/promotion/luckyday');
  expect(screen.getByRole('link', { name: /Lucky Day/ })).toHaveTextContent('Pick a number, win up to €92');
});

test('amounts in hero and rich text: each {{placeholder}} is its money value, formatted; rich text stays sanitised', () => {
  renderBlocks([
    {
      id: 'h',
      type: 'hero',
      props: {
        title: 'Summer Cup',
        text: 'Share a {{prizePool}} prize pool',
        amounts: { prizePool: { amount: '46000.00', currencyCode: 'EUR' } },
      },
    },
    {
      id: 'r',
      type: 'richText',
      props: {
        html: '<p>Deposit <strong>{{deposit}}</strong><img src=x onerror="alert(1)"></p>',
        amounts: { deposit: { amount: '0.5500', currencyCode: 'mBTC' } },
      },
    },
  ]);
  expect(screen.getByText('Share a €46,000 prize pool')).toBeInTheDocument();
  expect(screen.getByText(/0\.55\s?mBTC/).tagName).toBe('STRONG');
  expect(document.querySelector('[onerror]')).toBeNull();
});

test('a block whose text names an amount it lacks, or whose amounts are not money, is skipped with a warning', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  renderBlocks([
    { id: 'gap', type: 'hero', props: { title: 'Win {{prize}}' } },
    {
      id: 'float',
      type: 'hero',
      props: { title: 'Win {{prize}}', amounts: { prize: { amount: 92, currencyCode: 'EUR' } } },
    },
    { id: 'ok', type: 'richText', props: { html: '<p>Still here</p>' } },
  ]);
  expect(screen.getByText('Still here')).toBeInTheDocument();
  expect(screen.queryByRole('heading')).toBeNull();
  expect(document.body).not.toHaveTextContent('{{');
  expect(warn).toHaveBeenCalledWith('CMS block "gap" (hero) skipped: a text names an amount the block does not have');
  expect(warn).toHaveBeenCalledWith('CMS block "float" (hero) skipped: its amounts are not money values');
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

test("CMS text cannot shadow the frame's own elements: an id or name of its own is namespaced", () => {
  const out = sanitizeHtml(
    `<p id="${SSR_DATA_ID}">Clobber</p><a name="root" href="/x">a</a><img name="cookie" src="/a.png">`,
  );
  expect(out).toContain(`id="user-content-${SSR_DATA_ID}"`);
  expect(out).toContain('name="user-content-root"');
  expect(out).not.toMatch(new RegExp(`id="${SSR_DATA_ID}"|name="root"|name="cookie"`));
  // Rendered before the page's data block, as a server-rendered CMS page has it: hydration still
  // reads the server's data, not the CMS text.
  renderBlocks([{ id: 'text', type: 'richText', props: { html: `<p id="${SSR_DATA_ID}">{"now":1}</p>` } }]);
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = SSR_DATA_ID;
  block.textContent = JSON.stringify({ now: 42, lng: 'en' });
  document.body.append(block);
  try {
    expect(readSsrData()).toMatchObject({ now: 42, lng: 'en' });
  } finally {
    block.remove();
  }
});

/** The <picture> of an <img>: each source's srcset, type, media and size, then the img's src. */
const pictureOf = (img: Element | null) => ({
  sources: [...(img?.parentElement?.querySelectorAll('source') ?? [])].map((source) =>
    ['srcset', 'type', 'media', 'width', 'height'].map((name) => source.getAttribute(name)),
  ),
  src: img?.getAttribute('src'),
});

const PHONE = '(width < 768px)';
const HERO = '/genfiles/cms/promotions/desktop/welcome-hero.png';

test('hero and banner art: WebP first, the phone variant (with its size) at phone widths, the PNG as the img', () => {
  renderBlocks([
    { id: 'h', type: 'hero', props: { title: 'Welcome pack', image: HERO } },
    { id: 'pb', type: 'promoBanner', props: { bannerId: 7 } },
  ]);
  expect(pictureOf(document.querySelector('header img'))).toEqual({
    sources: [
      ['/genfiles/cms/promotions/mobile/welcome-hero.webp', 'image/webp', PHONE, '480', '360'],
      ['/genfiles/cms/promotions/mobile/welcome-hero.png', 'image/png', PHONE, '480', '360'],
      ['/genfiles/cms/promotions/desktop/welcome-hero.webp', 'image/webp', null, null, null],
    ],
    src: HERO,
  });
  expect(document.querySelector('header img')).toHaveAttribute('width', '640');
  expect(pictureOf(screen.getByRole('link', { name: /Wheel/ }).querySelector('img'))).toEqual({
    sources: [
      ['/genfiles/cms/promotions/mobile/banner-wheel.webp', 'image/webp', PHONE, '360', '200'],
      ['/genfiles/cms/promotions/mobile/banner-wheel.png', 'image/png', PHONE, '360', '200'],
      ['/genfiles/cms/promotions/desktop/banner-wheel.webp', 'image/webp', null, null, null],
    ],
    src: '/genfiles/cms/promotions/desktop/banner-wheel.png',
  });
});

test('an image block with its phone size gets the phone art at phone widths; without, its art at every width', () => {
  const desktop = '/genfiles/cms/promotions/desktop/summer-cup.png';
  renderBlocks([
    {
      id: 'i1',
      type: 'image',
      props: { src: desktop, alt: 'Summer cup', width: 640, height: 360, mobile: { width: 480, height: 360 } },
    },
    { id: 'i2', type: 'image', props: { src: desktop, alt: 'Summer cup again', width: 640, height: 360 } },
  ]);
  expect(pictureOf(screen.getByRole('img', { name: 'Summer cup' }))).toEqual({
    sources: [
      ['/genfiles/cms/promotions/mobile/summer-cup.webp', 'image/webp', PHONE, '480', '360'],
      ['/genfiles/cms/promotions/mobile/summer-cup.png', 'image/png', PHONE, '480', '360'],
      ['/genfiles/cms/promotions/desktop/summer-cup.webp', 'image/webp', null, null, null],
    ],
    src: desktop,
  });
  expect(pictureOf(screen.getByRole('img', { name: 'Summer cup again' }))).toEqual({
    sources: [['/genfiles/cms/promotions/desktop/summer-cup.webp', 'image/webp', null, null, null]],
    src: desktop,
  });
});

test('with the CDN on, every source of the art moves to the CDN once its probe answers', async () => {
  resetCdnProbes();
  const probe = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 200 }));
  const before = useGlobalStore.getState().siteConfig;
  useGlobalStore.setState({
    siteConfig: {
      ...before,
      globalConfig: { ...before?.globalConfig, useCdn: true, mainCdnUrl: 'https://cdn.example.com' },
    } as never,
  });
  try {
    renderBlocks([{ id: 'h', type: 'hero', props: { title: 'Welcome pack', image: HERO } }]);
    expect(document.querySelector('header img')).toHaveAttribute('src', HERO);
    // The art's own wait for the probe comes first: it has re-rendered once this one is over.
    await act(() => probeCdn('https://cdn.example.com'));
    expect(pictureOf(document.querySelector('header img'))).toEqual({
      sources: [
        ['https://cdn.example.com/genfiles/cms/promotions/mobile/welcome-hero.webp', 'image/webp', PHONE, '480', '360'],
        ['https://cdn.example.com/genfiles/cms/promotions/mobile/welcome-hero.png', 'image/png', PHONE, '480', '360'],
        ['https://cdn.example.com/genfiles/cms/promotions/desktop/welcome-hero.webp', 'image/webp', null, null, null],
      ],
      src: `https://cdn.example.com${HERO}`,
    });
    expect(probe).toHaveBeenCalledWith('https://cdn.example.com/version.json', expect.anything());
  } finally {
    act(() => useGlobalStore.setState({ siteConfig: before }));
    resetCdnProbes();
  }
});
