import { COLLECTIBLES } from '@promo/contract';
import type { ReactNode } from 'react';

/** The hunts' collectible kinds (a hunt's content names its own); gifts when it names none. */
const COLLECTIBLE_KINDS = COLLECTIBLES;
export type CollectibleKind = (typeof COLLECTIBLE_KINDS)[number];
export const collectibleKind = (option: unknown): CollectibleKind =>
  COLLECTIBLE_KINDS.find((kind) => kind === option) ?? 'gift';

/** One colour per collectible of a set, so the six pieces of an album tell apart at a glance. */
const PALETTE = ['#ff5d73', '#ffb020', '#3ddc97', '#4cc3ff', '#a77bff', '#ff7ad9'];

/** Each kind's shape in a 48×48 box, filled with the piece's colour. */
const SHAPES: Record<CollectibleKind, (fill: string) => ReactNode> = {
  candy: (fill) => (
    <>
      <path d="M6 16l8 8-8 8zM42 16l-8 8 8 8z" fill={fill} opacity="0.7" />
      <circle cx="24" cy="24" r="11" fill={fill} />
      <path d="M17 20c4 3 10 3 14 0M17 28c4-3 10-3 14 0" stroke="#fff" strokeWidth="2" fill="none" />
    </>
  ),
  sticker: (fill) => (
    <>
      <path d="M8 8h32v22L30 40H8z" fill={fill} />
      <path d="M30 40V30h10z" fill="#fff" opacity="0.6" />
      <path d="M24 14l3 6 7 1-5 5 1 7-6-3-6 3 1-7-5-5 7-1z" fill="#fff" />
    </>
  ),
  coin: (fill) => (
    <>
      <circle cx="24" cy="24" r="17" fill={fill} />
      <circle cx="24" cy="24" r="12" fill="none" stroke="#fff" strokeWidth="2" opacity="0.8" />
      <path d="M24 15v18M19 19h8a3 3 0 0 1 0 6h-6a3 3 0 0 0 0 6h8" stroke="#fff" strokeWidth="2.5" fill="none" />
    </>
  ),
  badge: (fill) => (
    <>
      <path d="M24 5l16 6v12c0 10-7 17-16 20C15 40 8 33 8 23V11z" fill={fill} />
      <path d="M24 14l3 6 7 1-5 5 1 7-6-3-6 3 1-7-5-5 7-1z" fill="#fff" />
    </>
  ),
  pumpkin: (fill) => (
    <>
      <ellipse cx="24" cy="28" rx="17" ry="13" fill={fill} />
      <path d="M24 15v-6l5-2" stroke="#3b7a2a" strokeWidth="3" fill="none" />
      <path d="M16 25l4 3-4 2zM32 25l-4 3 4 2zM18 34h12l-3 2-3-2-3 2z" fill="#1b1b1b" />
    </>
  ),
  gift: (fill) => (
    <>
      <rect x="9" y="19" width="30" height="22" rx="3" fill={fill} />
      <rect x="7" y="13" width="34" height="8" rx="2" fill={fill} />
      <path d="M24 13v28" stroke="#fff" strokeWidth="4" />
      <path d="M24 13c-4-8-13-6-8 0zM24 13c4-8 13-6 8 0z" fill="#fff" />
    </>
  ),
  giftbox: (fill) => (
    <>
      <rect x="8" y="16" width="32" height="26" rx="4" fill={fill} />
      <path d="M8 26h32M24 16v26" stroke="#fff" strokeWidth="4" />
      <circle cx="24" cy="12" r="5" fill="#fff" />
    </>
  ),
  thimble: (fill) => (
    <>
      <path d="M14 40l3-26a7 7 0 0 1 14 0l3 26z" fill={fill} />
      <path d="M18 20h12M17 26h14M16 32h16" stroke="#fff" strokeWidth="2" strokeDasharray="2 3" />
      <rect x="12" y="38" width="24" height="5" rx="2" fill={fill} />
    </>
  ),
};

/** A collectible of a set; `missing` draws its silhouette. Decorative: its label is the caller's. */
export function CollectibleArt({
  kind,
  index,
  missing = false,
}: {
  kind: CollectibleKind;
  index: number;
  missing?: boolean;
}) {
  const fill = missing ? 'var(--color-border)' : (PALETTE[index % PALETTE.length] ?? PALETTE[0] ?? '#fff');
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" data-missing={missing || undefined}>
      {SHAPES[kind](fill)}
      {missing && (
        <text x="24" y="30" textAnchor="middle" fontSize="16" fontWeight="800" fill="var(--color-text-muted)">
          ?
        </text>
      )}
    </svg>
  );
}
