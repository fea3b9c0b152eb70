import type { Promotion } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/** What a mechanic's first answers are loaded for. */
export interface MechanicContext {
  /** Its `preview`, on a console preview page, is the link's token every widget read sends. */
  promotion: Promotion;
  /** Null for a visitor, and on a console preview page (it reads as a visitor). */
  userId: number | null;
  currency: string;
  language: string;
  /** The render's time (a server render's own). */
  now: number;
}

/**
 * A widget of a promotion page: one module per contract widget (PROMO_WIDGETS), its own code
 * chunk, registered in index.ts.
 */
export interface FrameMechanic {
  /** What the player does on the page. */
  Widget: ComponentType<{ promotion: Promotion }>;
  /**
   * Loads the first answers the widget shows, by the same queries it uses, one try each (a failure
   * is the widget's own error state with its retry, not a slower page).
   */
  prefetch?: (client: QueryClient, context: MechanicContext) => Promise<unknown>;
}
