import {
  CMS_BLOCK_PROPS,
  CMS_BLOCK_TYPES,
  type CmsAmounts,
  type CmsBlock,
  type CmsBlockType,
  type CmsPageDraft,
  type CmsPageTexts,
} from '@promo/contract';
import type { Data } from '@puckeditor/core';
import type { ZodMiniType } from 'zod/mini';

/**
 * The console's page editor (Puck) and the decision-009 block tree, both ways (decision 050). A
 * block is a Puck item of its type with its props, plus:
 * - its id as the item's `id`;
 * - its `amounts` (name -> money) as a list of { name, amount, currencyCode } (Puck edits lists);
 * - its child blocks, kept as they are under `childBlocks`;
 * - a block of a type the frame does not know as an `unknownBlock` item holding it whole.
 * The page's title and description are Puck's root props. Optional fields the editor leaves empty
 * where the schema takes no empty value are dropped, so what saves passes the block's props schema.
 */

/** The Puck component that keeps a block of a type the frame does not know, untouched. */
export const UNKNOWN_BLOCK = 'unknownBlock';

export interface AmountRow {
  name: string;
  amount: string;
  currencyCode: string;
}

export interface PageRootProps {
  title: string;
  description: string;
}

type PuckItem = Data['content'][number];
export type PageData = Data<Record<string, Record<string, unknown>>, PageRootProps>;

const isKnownType = (type: string): type is CmsBlockType => (CMS_BLOCK_TYPES as readonly string[]).includes(type);

const amountRows = (amounts: unknown): AmountRow[] =>
  amounts !== null && typeof amounts === 'object'
    ? Object.entries(amounts as CmsAmounts).map(([name, money]) => ({ name, ...money }))
    : [];

const amountsOf = (rows: readonly AmountRow[]): CmsAmounts =>
  Object.fromEntries(rows.map(({ name, amount, currencyCode }) => [name, { amount, currencyCode }]));

/** A block as a Puck item. */
export function blockToItem(block: CmsBlock): PuckItem {
  if (!isKnownType(block.type)) return { type: UNKNOWN_BLOCK, props: { id: block.id, block } };
  const { amounts, ...props } = block.props;
  return {
    type: block.type,
    props: {
      ...props,
      id: block.id,
      amounts: amountRows(amounts),
      ...(block.children ? { childBlocks: block.children } : {}),
    },
  };
}

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value).every(isEmpty));

/**
 * Whether the editor left a props key empty where its block type takes nothing: an optional key
 * whose schema refuses the empty value ('' for an image path, a call to action of empty fields).
 * An empty text the schema takes ('' for a decorative image's alt) is kept.
 */
function leftEmpty(type: CmsBlockType, key: string, value: unknown): boolean {
  if (!isEmpty(value)) return false;
  const shape = (CMS_BLOCK_PROPS[type] as unknown as { shape: Record<string, ZodMiniType> }).shape;
  const schema = shape[key];
  return schema !== undefined && schema._zod.optin === 'optional' && !schema.safeParse(value).success;
}

/** A Puck item as a block. */
export function itemToBlock(item: PuckItem): CmsBlock {
  const { id, amounts, childBlocks, ...rest } = item.props as Record<string, unknown> & { id: string };
  if (item.type === UNKNOWN_BLOCK) return { ...(rest.block as CmsBlock), id };
  const type = item.type as CmsBlockType;
  const props = Object.fromEntries(Object.entries(rest).filter(([key, value]) => !leftEmpty(type, key, value)));
  const rows = Array.isArray(amounts) ? (amounts as AmountRow[]) : [];
  return {
    id,
    type,
    props: rows.length > 0 ? { ...props, amounts: amountsOf(rows) } : props,
    ...(Array.isArray(childBlocks) ? { children: childBlocks as CmsBlock[] } : {}),
  };
}

/** One language of a page version as Puck's data. */
export const textsToData = (texts: CmsPageTexts): PageData => ({
  root: { props: { title: texts.title, description: texts.description } },
  content: texts.blocks.map(blockToItem),
});

/** Puck's data as one language of a page version. */
export const dataToTexts = (data: PageData): CmsPageTexts => ({
  title: data.root.props?.title ?? '',
  description: data.root.props?.description ?? '',
  blocks: data.content.map(itemToBlock),
});

/** What a save sends: every language the editor holds, and the page's countries. */
export const draftOf = (
  languages: Readonly<Record<string, PageData>>,
  countries: CmsPageDraft['countries'],
): CmsPageDraft => ({
  languages: Object.fromEntries(Object.entries(languages).map(([language, data]) => [language, dataToTexts(data)])),
  countries,
});
