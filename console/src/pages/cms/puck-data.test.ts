import { CMS_BLOCK_TYPES, type CmsBlock, type CmsBlockType, cmsBlockProblems } from '@promo/contract';
import { describe, expect, test } from 'vitest';
import { blockToItem, dataToTexts, draftOf, itemToBlock, textsToData, UNKNOWN_BLOCK } from './puck-data.ts';

const usd = (amount: string) => ({ amount, currencyCode: 'USD' });

/** A block of each type the frame knows, with the optional parts filled where it has them. */
const SAMPLES: Record<CmsBlockType, CmsBlock> = {
  hero: {
    id: 'hero',
    type: 'hero',
    props: {
      title: 'Welcome',
      heading: 'h1',
      text: 'Deposit {{min}}',
      image: '/genfiles/cms/promotions/desktop/hero.png',
      imageAlt: '',
      cta: { label: 'Claim', target: { kind: 'registration' } },
      amounts: { min: usd('10') },
    },
  },
  richText: { id: 'rich', type: 'richText', props: { html: '<p>Hi <strong>you</strong></p>' } },
  image: {
    id: 'img',
    type: 'image',
    props: { src: '/genfiles/cms/a.png', alt: 'A', width: 640, height: 360, mobile: { width: 480, height: 360 } },
  },
  countdown: { id: 'count', type: 'countdown', props: { endsAt: 1_800_000_000, label: 'Ends in' } },
  bonusCard: {
    id: 'card',
    type: 'bonusCard',
    props: { title: 'Bonus', percent: 100, maxAmount: usd('100'), wager: 5, text: 'Instantly' },
  },
  steps: {
    id: 'steps',
    type: 'steps',
    props: { title: 'Steps', heading: 'h2', items: [{ title: 'One', text: 'Register' }] },
  },
  rules: { id: 'rules', type: 'rules', props: { title: 'Rules', items: [{ title: 'Who', html: '<p>18+</p>' }] } },
  callToAction: {
    id: 'cta',
    type: 'callToAction',
    props: { label: 'Go', target: { kind: 'page', path: 'promotion/spin-wheel' } },
  },
  promoBanner: { id: 'banner', type: 'promoBanner', props: { bannerId: 2 } },
};

describe('Puck data and the block tree', () => {
  test.each(CMS_BLOCK_TYPES)('a %s block goes to Puck and back unchanged, and passes its schema', (type) => {
    const block = SAMPLES[type];
    expect(cmsBlockProblems([block])).toEqual([]);
    const item = blockToItem(block);
    expect(item.type).toBe(type);
    expect(item.props.id).toBe(block.id);
    expect(itemToBlock(item)).toEqual(block);
  });

  test('amounts are a list in Puck and a record in the tree', () => {
    const item = blockToItem(SAMPLES.hero);
    expect(item.props.amounts).toEqual([{ name: 'min', amount: '10', currencyCode: 'USD' }]);
    expect(blockToItem(SAMPLES.richText).props.amounts).toEqual([]);
    expect(itemToBlock(blockToItem(SAMPLES.richText)).props).not.toHaveProperty('amounts');
  });

  test('a block of a type the frame does not know is kept whole; child blocks too', () => {
    const poll: CmsBlock = { id: 'feedback', type: 'feedbackPoll', props: { question: '?' } };
    expect(blockToItem(poll)).toEqual({ type: UNKNOWN_BLOCK, props: { id: 'feedback', block: poll } });
    expect(itemToBlock(blockToItem(poll))).toEqual(poll);
    const parent = { ...SAMPLES.steps, children: [SAMPLES.richText, poll] };
    expect(itemToBlock(blockToItem(parent))).toEqual(parent);
  });

  test('optional fields the editor leaves empty are dropped; required ones stay', () => {
    const fromEditor = {
      type: 'hero',
      props: {
        id: 'hero-new',
        title: '',
        heading: '',
        text: '',
        image: '',
        imageAlt: '',
        cta: { label: '', target: { kind: '', path: '' } },
        amounts: [],
      },
    };
    const block = itemToBlock(fromEditor);
    // An empty text is a text (a decorative image's alt); an empty image path or link is none.
    expect(block).toEqual({ id: 'hero-new', type: 'hero', props: { title: '', text: '', imageAlt: '' } });
    expect(cmsBlockProblems([block])).toEqual([]);
  });

  test('a page language: title and description are the root props; a draft holds every language', () => {
    const texts = { title: 'Page', description: 'About', blocks: Object.values(SAMPLES) };
    const data = textsToData(texts);
    expect(data.root.props).toEqual({ title: 'Page', description: 'About' });
    expect(data.content.map((item) => item.type)).toEqual(CMS_BLOCK_TYPES);
    expect(dataToTexts(data)).toEqual(texts);
    expect(draftOf({ en: data, ru: textsToData({ ...texts, title: 'Страница' }) }, ['CY'])).toEqual({
      languages: { en: texts, ru: { ...texts, title: 'Страница' } },
      countries: ['CY'],
    });
  });
});
