import { type CmsBlock, cmsAmountsSchema } from '@promo/contract';
import type { ReactNode } from 'react';
import { z } from 'zod/mini';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { amountTexts, withAmounts } from '../lib/amounts.ts';
import { BLOCKS } from './blocks.tsx';
import styles from './cms-blocks.module.css';

const warned = new Set<string>();
/** Says once per block why it was left out. */
function skip(block: CmsBlock, why: string): null {
  const key = `${block.id}:${block.type}:${why}`;
  if (!warned.has(key)) {
    warned.add(key);
    console.warn(`CMS block "${block.id}" (${block.type}) skipped: ${why}`);
  }
  return null;
}

const amountsSchema = z.optional(cmsAmountsSchema);

/**
 * The block of a type the frame knows, with props its schema accepts once the {{placeholders}} of
 * its texts are filled from its amounts (money in the player's currency, decision 030); anything
 * else is skipped.
 */
function Block({ block }: { block: CmsBlock }) {
  const language = useGlobalStore((s) => s.currentLanguage);
  const definition = Object.hasOwn(BLOCKS, block.type) ? BLOCKS[block.type as keyof typeof BLOCKS] : undefined;
  if (!definition) return skip(block, 'unknown block type');
  const amounts = amountsSchema.safeParse(block.props.amounts);
  if (!amounts.success) return skip(block, 'its amounts are not money values');
  const filled = withAmounts(block.props, amountTexts(amounts.data, language));
  if (!filled) return skip(block, 'a text names an amount the block does not have');
  const props = definition.schema.safeParse(filled);
  if (!props.success) return skip(block, 'its props do not match the block type');
  const Render = definition.render as (props: object) => ReactNode;
  return (
    <>
      <Render {...(props.data as object)} />
      {block.children && <CmsBlocks blocks={block.children} />}
    </>
  );
}

/**
 * One renderer for every CMS page: the block tree in order, each block by the registry; a block
 * of an unknown type or with wrong props is skipped with a warning, never a crash.
 */
export function CmsBlocks({ blocks }: { blocks: readonly CmsBlock[] }) {
  return (
    <div className={styles.blocks}>
      {blocks.map((block) => (
        <Block key={block.id} block={block} />
      ))}
    </div>
  );
}
