import { z } from 'zod/mini';
import { type CmsBlock, type CmsBlockType, cmsAmountsSchema, cmsMoneySchema } from './cms.ts';
import { placeholderNames } from './placeholders.ts';

/**
 * The props each CMS block type takes (decision 009): the frame checks a block against its type's
 * schema before rendering it (`frame/src/widgets/cms-blocks`), and the console's saves are checked
 * against the same schemas, so what saves is what the frame renders (decision 050).
 */

const text = z.string().check(z.maxLength(2000));
const html = z.string().check(z.maxLength(50_000));
const asset = z.string().check(z.regex(/^\/genfiles\/cms\/[\w./-]+$/));
/**
 * The tag of a block's heading (spec 9: h1 by default): the page's title block is h1 unless it
 * chooses h2 or h3; a section below it is h2 unless it chooses h1 or h3.
 */
const headingTag = z.optional(z.enum(['h1', 'h2', 'h3']));

/** The host sections a call to action may lead to (built by the frame's host path builders). */
export const CTA_HOST_KINDS = [
  'registration',
  'signIn',
  'recharge',
  'slots',
  'liveCasino',
  'line',
  'live',
  'allGames',
  'promotions',
] as const;

/** Where a CMS call to action leads: a host section or a frame page. */
export const ctaTargetSchema = z.union([
  z.object({ kind: z.enum(CTA_HOST_KINDS) }),
  z.object({ kind: z.literal('page'), path: z.string().check(z.regex(/^[a-z0-9][a-z0-9/-]*$/)) }),
]);
export type CtaTarget = z.infer<typeof ctaTargetSchema>;

const positive = () => z.int().check(z.positive());

/** Each block type's props schema. */
export const CMS_BLOCK_PROPS = {
  hero: z.object({
    title: text,
    heading: headingTag,
    text: z.optional(text),
    image: z.optional(asset),
    imageAlt: z.optional(text),
    cta: z.optional(z.object({ label: text, target: ctaTargetSchema })),
  }),
  richText: z.object({ html }),
  image: z.object({
    src: asset,
    alt: text,
    width: positive(),
    height: positive(),
    // The phone variant's size (promotions/mobile, decision 028): with it, phones get that art.
    mobile: z.optional(z.object({ width: positive(), height: positive() })),
  }),
  countdown: z.object({ endsAt: z.int(), label: text }),
  bonusCard: z.object({
    title: text,
    percent: positive(),
    /** In the player's currency: the server converts it (decision 030). */
    maxAmount: cmsMoneySchema,
    wager: positive(),
    text: z.optional(text),
  }),
  steps: z.object({
    title: text,
    heading: headingTag,
    items: z.array(z.object({ title: text, text: text })).check(z.maxLength(12)),
  }),
  rules: z.object({
    title: text,
    heading: headingTag,
    items: z.array(z.object({ title: text, html })).check(z.maxLength(40)),
  }),
  callToAction: z.object({ label: text, target: ctaTargetSchema }),
  promoBanner: z.object({ bannerId: z.int() }),
} as const satisfies Record<CmsBlockType, z.ZodMiniType>;

export type CmsBlockProps<T extends CmsBlockType> = z.infer<(typeof CMS_BLOCK_PROPS)[T]>;

const isBlockType = (type: string): type is CmsBlockType => Object.hasOwn(CMS_BLOCK_PROPS, type);

/** A problem of a block tree: where (a path into the tree) and what. */
export interface CmsBlockProblem {
  path: (string | number)[];
  message: string;
}

/** The {{placeholders}} every string of a value names. */
function placeholders(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') for (const name of placeholderNames(value)) found.add(name);
  else if (Array.isArray(value)) for (const item of value) placeholders(item, found);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) placeholders(item, found);
  return found;
}

/**
 * Why the frame would skip blocks of a tree (decision 009): a known type whose props its schema
 * refuses, amounts that are not money values, a text naming an amount its block lacks, or two
 * blocks with one id. A block of an unknown type is kept as the transport allows (a newer CMS's
 * block an older frame skips).
 */
export function cmsBlockProblems(blocks: readonly CmsBlock[], at: (string | number)[] = []): CmsBlockProblem[] {
  const problems: CmsBlockProblem[] = [];
  const ids = new Set<string>();
  blocks.forEach((block, index) => {
    const path = [...at, index];
    if (ids.has(block.id)) problems.push({ path: [...path, 'id'], message: `The id ${block.id} is used twice` });
    ids.add(block.id);
    const { amounts, ...props } = block.props;
    const money = z.optional(cmsAmountsSchema).safeParse(amounts);
    if (!money.success) problems.push({ path: [...path, 'props', 'amounts'], message: 'Amounts must be money values' });
    const missing = [...placeholders(props)].filter((name) => !(money.success && money.data && name in money.data));
    for (const name of missing) {
      problems.push({
        path: [...path, 'props'],
        message: `A text names {{${name}}}, an amount the block does not have`,
      });
    }
    if (isBlockType(block.type)) {
      const parsed = (CMS_BLOCK_PROPS[block.type] as z.ZodMiniType).safeParse(props);
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        problems.push({
          path: [...path, 'props', ...issue.path.map((key) => (typeof key === 'symbol' ? '' : key))],
          message: issue.message,
        });
      }
    }
    if (block.children) problems.push(...cmsBlockProblems(block.children, [...path, 'children']));
  });
  return problems;
}
