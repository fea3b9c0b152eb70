import { type CmsBlockType, CTA_HOST_KINDS } from '@promo/contract';
import { CmsBlocksPreview } from '@promo/frame/cms-blocks';
import type { ComponentConfig, Config, Field, Fields } from '@puckeditor/core';
import type { TFunction } from 'i18next';
import { itemToBlock, UNKNOWN_BLOCK } from './puck-data.ts';

/**
 * Puck's component config for a page language (decision 050): one component per CMS block type,
 * rendered by the frame's own block components (`CmsBlocksPreview`, the frame's renderer with its
 * props checks and amounts), never a copy. Fields edit the props of the block's schema.
 */

type Label = (name: string) => string;

const text = (label: string): Field => ({ type: 'text', label });
const area = (label: string): Field => ({ type: 'textarea', label });
const number = (label: string): Field => ({ type: 'number', label });
const heading = (label: Label): Field => ({
  type: 'select',
  label: label('heading'),
  options: [
    { label: '—', value: '' },
    { label: 'h1', value: 'h1' },
    { label: 'h2', value: 'h2' },
    { label: 'h3', value: 'h3' },
  ],
});
const target = (label: Label): Field => ({
  type: 'object',
  label: label('target'),
  objectFields: {
    kind: {
      type: 'select',
      label: label('kind'),
      options: [...CTA_HOST_KINDS, 'page'].map((kind) => ({ label: kind, value: kind })),
    },
    path: text(label('path')),
  },
});
const money = (label: Label): Record<string, Field> => ({
  amount: text(label('amount')),
  currencyCode: text(label('currencyCode')),
});

/** A titled list block (steps, rules): its items have a title and a text or HTML. */
const listBlock = (label: Label, body: 'text' | 'html', max: number) => ({
  fields: {
    title: text(label('title')),
    heading: heading(label),
    items: {
      type: 'array',
      label: label('items'),
      arrayFields: { title: text(label('title')), [body]: area(label(body)) },
      getItemSummary: (item: Record<string, unknown>) => String(item.title ?? ''),
      max,
    } satisfies Field,
  },
  defaultProps: { title: label('newTitle'), items: [] },
});

/** Each block type's fields (its props), and the props a new one starts with. */
function blockFields(label: Label): Record<CmsBlockType, { fields: Fields; defaultProps: Record<string, unknown> }> {
  return {
    hero: {
      fields: {
        title: text(label('title')),
        heading: heading(label),
        text: area(label('text')),
        image: text(label('image')),
        imageAlt: text(label('imageAlt')),
        cta: {
          type: 'object',
          label: label('cta'),
          objectFields: { label: text(label('label')), target: target(label) },
        },
      },
      defaultProps: { title: label('newTitle') },
    },
    richText: { fields: { html: area(label('html')) }, defaultProps: { html: '<p></p>' } },
    image: {
      fields: {
        src: text(label('image')),
        alt: text(label('imageAlt')),
        width: number(label('width')),
        height: number(label('height')),
      },
      defaultProps: { src: '', alt: '', width: 640, height: 360 },
    },
    countdown: {
      fields: { endsAt: number(label('endsAt')), label: text(label('label')) },
      defaultProps: { endsAt: Math.floor(Date.now() / 1000) + 7 * 86_400, label: label('newTitle') },
    },
    bonusCard: {
      fields: {
        title: text(label('title')),
        percent: number(label('percent')),
        maxAmount: { type: 'object', label: label('maxAmount'), objectFields: money(label) },
        wager: number(label('wager')),
        text: area(label('text')),
      },
      defaultProps: {
        title: label('newTitle'),
        percent: 100,
        maxAmount: { amount: '100', currencyCode: 'USD' },
        wager: 5,
      },
    },
    steps: listBlock(label, 'text', 12),
    rules: listBlock(label, 'html', 40),
    callToAction: {
      fields: { label: text(label('label')), target: target(label) },
      defaultProps: { label: label('newTitle'), target: { kind: 'registration' } },
    },
    promoBanner: { fields: { bannerId: number(label('bannerId')) }, defaultProps: { bannerId: 1 } },
  };
}

/** The money a block's texts name as {{placeholders}}: every block has them. */
const amountsField = (label: Label): Field => ({
  type: 'array',
  label: label('amounts'),
  arrayFields: { name: text(label('name')), ...money(label) },
  getItemSummary: (item) => `{{${String(item.name ?? '')}}}`,
});

/** The Puck config of a page in `language`: its blocks render as the frame renders them there. */
export function cmsPuckConfig(t: TFunction, language: string): Config {
  const label: Label = (name) => t(`cms.field.${name}`);
  const components: Record<string, ComponentConfig> = {};
  for (const [type, { fields, defaultProps }] of Object.entries(blockFields(label))) {
    components[type] = {
      label: t(`cms.block.${type}`),
      fields: { ...fields, amounts: amountsField(label) },
      defaultProps: { ...defaultProps, amounts: [] },
      render: ({ puck: _puck, editMode: _editMode, ...props }) => (
        <CmsBlocksPreview language={language} blocks={[itemToBlock({ type, props: props as { id: string } })]} />
      ),
    };
  }
  components[UNKNOWN_BLOCK] = {
    label: t('cms.block.unknown'),
    fields: {},
    render: ({ block }) => <p className="notice">{t('cms.unknownBlock', { type: String(block?.type ?? '') })}</p>,
  };
  return {
    components,
    // A block of a newer CMS is kept where it is; nobody adds one.
    categories: {
      blocks: { title: t('cms.blocks'), components: Object.keys(blockFields(label)), defaultExpanded: true },
      other: { visible: false },
    },
    root: {
      fields: { title: text(t('cms.field.pageTitle')), description: area(t('cms.field.description')) },
    },
  };
}
