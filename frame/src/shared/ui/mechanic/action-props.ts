import type { ReactNode } from 'react';

/** A countdown the page gives an action ("next spins in"), calling back when it reaches zero. */
export type RenderCountdown = (targetMs: number, onEnd: () => void) => ReactNode;

/**
 * What a promotion's action takes: its promotion, how a visitor is asked to sign in, and what the
 * page renders inside it (a countdown, a link to the host's cashier or identity check).
 */
export interface ActionProps {
  promotionId: number;
  onSignIn: () => void;
  renderCountdown: RenderCountdown;
  renderLink: () => ReactNode;
}
