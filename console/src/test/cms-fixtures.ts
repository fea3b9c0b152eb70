import type { CmsBlock, CmsPageRow, ConsoleCmsPage } from '@promo/contract';
import { T0 } from './fixtures.ts';

/** A CMS page's blocks: a hero naming an amount, and a block of a newer CMS the frame skips. */
export const HERO: CmsBlock = {
  id: 'hero',
  type: 'hero',
  props: { title: 'Welcome pack', text: 'Deposit {{min}}', amounts: { min: { amount: '10', currencyCode: 'USD' } } },
};
export const POLL: CmsBlock = { id: 'feedback', type: 'feedbackPoll', props: { question: '?' } };

/** The seeded welcome page as the editor opens it: version 1, published, in English and Russian. */
export const cmsPage = (extra: Partial<ConsoleCmsPage> = {}): ConsoleCmsPage => ({
  type: 'bonus',
  slug: 'welcome',
  title: 'Welcome',
  languages: ['en', 'ru'],
  latestVersion: 1,
  publishedVersion: 1,
  scheduledVersion: null,
  publishAt: null,
  updatedAt: T0,
  lastEditor: null,
  latest: {
    version: 1,
    author: null,
    basedOn: null,
    createdAt: T0,
    countries: null,
    languages: {
      en: { title: 'Welcome', description: 'About', blocks: [HERO, POLL] },
      ru: { title: 'Добро пожаловать', description: 'О бонусе', blocks: [HERO] },
    },
  },
  versions: [{ version: 1, author: null, basedOn: null, createdAt: T0 }],
  ...extra,
});

/** A page as the list shows it. */
export const cmsRow = (extra: Partial<CmsPageRow> = {}): CmsPageRow => {
  const { latest: _latest, versions: _versions, ...row } = cmsPage();
  return { ...row, ...extra };
};
