import type { PromoTerms } from '../content.ts';

/** When a mechanic's prizes reach the player (each mechanic's rules say it). */
export const PRIZE_TIMING = ['instant', 'at-settlement', 'after-period', 'after-draw', 'after-end', 'none'] as const;
export type PrizeTiming = (typeof PRIZE_TIMING)[number];

/**
 * When a promotion page shows its mechanic's widget: until the promotion ends (an offer to take),
 * only while it runs (a draw of its days), or always (standings, credits and albums stay the
 * player's after the end).
 */
export type WidgetShown = 'until-end' | 'while-running' | 'always';

/** What the contract knows of one mechanic: everything both the server and the frame read. */
export interface MechanicDefinition {
  /** The name content files and the API use ("deposit-match"). */
  readonly name: string;
  /** The page layout it renders with. */
  readonly template: string;
  /** What the player does on the page (the frame's widget), or null when the page explains it. */
  readonly widget: string | null;
  readonly widgetShown: WidgetShown;
  readonly prizeTiming: PrizeTiming;
  /** Prizes by place (a ranking) or by step (a ladder, a streak). */
  readonly prizeBasis: 'place' | 'step';
  /** The terms fields it reads: the only ones its content may set (the console's editor shows these). */
  readonly terms: readonly (keyof PromoTerms)[];
  /** Dictionary keys of its kicker (above the title) and its two rule lines. */
  readonly kicker: string;
  readonly rules: readonly [string, string];
}

type Declared<T extends string, W extends string | null> = Omit<
  MechanicDefinition,
  'name' | 'template' | 'widget' | 'kicker' | 'rules' | 'prizeBasis' | 'widgetShown'
> & {
  template: T;
  widget: W;
  prizeBasis?: 'place' | 'step';
  widgetShown?: WidgetShown;
};

/**
 * One mechanic, its name and layout kept as literal types (the template and widget vocabularies
 * are derived from the registry). Its dictionary keys follow from its name.
 */
export function defineMechanic<const N extends string, const T extends string, const W extends string | null>(
  name: N,
  declared: Declared<T, W>,
) {
  const id = name.replace(/-/g, '_');
  return {
    prizeBasis: 'place' as const,
    widgetShown: 'until-end' as const,
    ...declared,
    name,
    kicker: `promo_kicker_${id}`,
    rules: [`promo_mech_${id}_1`, `promo_mech_${id}_2`] as const,
  } satisfies MechanicDefinition;
}

/** The names a registry lacks, and those it has beyond the expected ones. */
export function registryGaps(
  expected: readonly string[],
  registered: readonly string[],
): { missing: string[]; unknown: string[] } {
  return {
    missing: expected.filter((name) => !registered.includes(name)),
    unknown: registered.filter((name) => !expected.includes(name)),
  };
}
