import type { HeroArt } from '@promo/contract';
import type { ReactNode } from 'react';

/** The centre piece of each hero, drawn in a 200×200 box. */
const GLYPHS: Record<HeroArt, ReactNode> = {
  wheel: (
    <g>
      <circle cx="100" cy="100" r="78" fill="var(--color-brand)" />
      {Array.from({ length: 8 }, (_, i) => (
        <path
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed segments
          key={i}
          d="M100 100 L100 22 A78 78 0 0 1 155.2 44.8 Z"
          fill={i % 2 ? 'var(--color-accent)' : 'var(--color-surface-raised)'}
          transform={`rotate(${i * 45} 100 100)`}
        />
      ))}
      <circle cx="100" cy="100" r="14" fill="var(--color-text)" />
      <path d="M100 8 l10 20 h-20 z" fill="var(--color-danger)" />
    </g>
  ),
  trophy: (
    <g fill="var(--color-accent)">
      <path d="M60 40h80v30a40 40 0 0 1-80 0z" />
      <path
        d="M60 48H38a22 22 0 0 0 22 30M140 48h22a22 22 0 0 1-22 30"
        fill="none"
        stroke="var(--color-accent)"
        strokeWidth="8"
      />
      <rect x="92" y="108" width="16" height="28" />
      <rect x="70" y="136" width="60" height="16" rx="4" />
      <path d="M100 52l6 12 13 2-9 9 2 13-12-6-12 6 2-13-9-9 13-2z" fill="var(--color-accent-contrast)" />
    </g>
  ),
  gift: (
    <g>
      <rect x="40" y="70" width="120" height="80" rx="10" fill="var(--color-accent)" />
      <rect x="40" y="56" width="120" height="26" rx="6" fill="var(--color-brand)" />
      <rect x="92" y="56" width="16" height="94" fill="var(--color-danger)" />
      <path d="M100 56c-20-30-46-10-30 0zM100 56c20-30 46-10 30 0z" fill="var(--color-danger)" />
    </g>
  ),
  ticket: (
    <g>
      <rect x="36" y="60" width="128" height="80" rx="12" fill="var(--color-accent)" />
      <circle cx="36" cy="100" r="12" fill="var(--color-bg)" />
      <circle cx="164" cy="100" r="12" fill="var(--color-bg)" />
      <path
        d="M70 86h60M70 100h40M70 114h50"
        stroke="var(--color-accent-contrast)"
        strokeWidth="8"
        strokeLinecap="round"
      />
    </g>
  ),
  balls: (
    <g>
      {[0, 1, 2].map((i) => (
        <circle
          key={i}
          cx={60 + i * 40}
          cy={100 + (i % 2) * -20}
          r="28"
          fill={i === 1 ? 'var(--color-accent)' : 'var(--color-brand)'}
        />
      ))}
      <text x="100" y="88" textAnchor="middle" fontSize="26" fontWeight="800" fill="var(--color-accent-contrast)">
        7
      </text>
    </g>
  ),
  flame: (
    <g fill="var(--color-accent)">
      {[0, 1, 2, 3].map((i) => (
        <rect key={i} x={40 + i * 32} y={140 - i * 26} width="24" height={20 + i * 26} rx="4" />
      ))}
      <path
        d="M40 60l40-20 30 14 50-26"
        fill="none"
        stroke="var(--color-brand)"
        strokeWidth="8"
        strokeLinecap="round"
      />
    </g>
  ),
  search: (
    <g>
      <circle cx="90" cy="90" r="42" fill="none" stroke="var(--color-accent)" strokeWidth="14" />
      <path d="M120 120l34 34" stroke="var(--color-accent)" strokeWidth="16" strokeLinecap="round" />
      <path d="M90 70l6 12 13 2-9 9 2 13-12-6-12 6 2-13-9-9 13-2z" fill="var(--color-brand)" />
    </g>
  ),
  stream: (
    <g>
      <rect x="34" y="50" width="132" height="90" rx="12" fill="var(--color-brand)" />
      <path d="M88 74v42l36-21z" fill="var(--color-accent)" />
      <circle cx="150" cy="64" r="6" fill="var(--color-danger)" />
      <rect x="80" y="146" width="40" height="10" rx="4" fill="var(--color-brand)" />
    </g>
  ),
  shield: (
    <g>
      <path d="M100 30l60 22v42c0 38-26 64-60 78-34-14-60-40-60-78V52z" fill="var(--color-brand)" />
      <path d="M72 100l20 20 38-42" fill="none" stroke="var(--color-accent)" strokeWidth="12" strokeLinecap="round" />
    </g>
  ),
  rocket: (
    <g>
      <path d="M100 28c26 20 36 52 30 92H70c-6-40 4-72 30-92z" fill="var(--color-brand)" />
      <circle cx="100" cy="78" r="14" fill="var(--color-accent)" />
      <path d="M70 120l-20 26h30zM130 120l20 26h-30z" fill="var(--color-accent)" />
      <path d="M88 128h24l-12 40z" fill="var(--color-danger)" />
    </g>
  ),
  info: (
    <g>
      <circle cx="100" cy="100" r="64" fill="var(--color-brand)" />
      <circle cx="100" cy="70" r="9" fill="var(--color-accent)" />
      <rect x="92" y="88" width="16" height="48" rx="6" fill="var(--color-accent)" />
    </g>
  ),
};

/**
 * Decorative hero art of a promotion: a glow in its accent colour, confetti and its emblem (made
 * here, no downloads).
 */
export function PromoHeroArt({ art, accent }: { art: HeroArt; accent: string }) {
  return (
    <svg viewBox="0 0 200 200" aria-hidden="true" focusable="false" style={{ color: accent }}>
      <defs>
        <radialGradient id="promo-glow">
          <stop offset="0" stopColor="currentColor" stopOpacity="0.55" />
          <stop offset="1" stopColor="currentColor" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="100" cy="100" r="98" fill="url(#promo-glow)" />
      {[
        [24, 30, 'var(--color-brand)'],
        [176, 40, 'var(--color-danger)'],
        [30, 170, 'var(--color-accent)'],
        [168, 164, 'var(--color-brand)'],
      ].map(([x, y, fill]) => (
        <rect
          key={`${x}-${y}`}
          x={x}
          y={y}
          width="10"
          height="10"
          rx="2"
          fill={String(fill)}
          transform={`rotate(30 ${x} ${y})`}
        />
      ))}
      {GLYPHS[art]}
    </svg>
  );
}
