import { mechanicOf, type Promotion, type PromoWidget, promoWidgets } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import { onDemand } from '../../../shared/lib/rendering/index.ts';
import { scopeOf } from '../../../shared/model/index.ts';
import type { FrameMechanic } from './types.ts';

type MechanicModule = () => Promise<{ mechanic: FrameMechanic }>;

/**
 * The frame's registry: one line per contract widget, each its own module and code chunk, loaded
 * with the first page that shows it (its queries' response schemas too: issue 23, TBT). The build
 * names each module's chunk for the server's preload hints (vite.config.ts, by this folder's file
 * names). Its test holds it to the contract's widgets. docs/architecture.md, "Adding a mechanic".
 */
export const MECHANIC_MODULES: Readonly<Record<PromoWidget, MechanicModule>> = {
  'activate-bonus': () => import('./activate-bonus.tsx'),
  'choose-first-bonus': () => import('./choose-first-bonus.tsx'),
  'take-daily-bonus': () => import('./take-daily-bonus.tsx'),
  'promo-credits': () => import('./promo-credits.tsx'),
  leaderboard: () => import('./leaderboard.tsx'),
  'take-lucky-ticket': () => import('./take-lucky-ticket.tsx'),
  'weekly-jackpot': () => import('./weekly-jackpot.tsx'),
  'bet-series': () => import('./bet-series.tsx'),
  'spin-wheel': () => import('./spin-wheel.tsx'),
  'search-hunt': () => import('./search-hunt.tsx'),
  'broadcast-board': () => import('./broadcast-board.tsx'),
  'casino-games': () => import('./casino-games.tsx'),
};

const WIDGETS = Object.fromEntries(
  Object.entries(MECHANIC_MODULES).map(([widget, load]) => [
    widget,
    onDemand(load, (module) => module.mechanic.Widget),
  ]),
) as Record<PromoWidget, ReturnType<typeof onDemand<{ mechanic: FrameMechanic }, { promotion: Promotion }>>>;

/** One widget of a promotion page (its code preloaded by the route: see loadMechanic). */
export function PromotionWidget({ widget, promotion }: { widget: PromoWidget; promotion: Promotion }) {
  return createElement(WIDGETS[widget], { promotion });
}

/** An information page's block (casino sections, the licence, the latest winners). */
export const InfoTopic = onDemand(
  () => import('../ui/info-topic.tsx'),
  (m) => m.InfoTopic,
);

/** The widgets of a promotion, as its content decides them. */
const widgetsOf = (promotion: Promotion) => promoWidgets(promotion.mechanic, promotion.terms.games);

/** Whether the promotion's own widget shows now (mechanicOf(..).widgetShown). */
export function showsWidget(promotion: Promotion, ended: boolean): boolean {
  const { widget, widgetShown } = mechanicOf(promotion.mechanic);
  if (widget === null) return false;
  if (widgetShown === 'always') return true;
  return !ended && (widgetShown === 'until-end' || promotion.status !== 'upcoming');
}

/**
 * Loads a promotion's widget code; resolves when it is there or has failed (the page's own lazy
 * load then shows the failure where the widget goes). The route loader waits for it beside the
 * data, so the page never renders a placeholder the widget then pushes down.
 */
export async function loadMechanic(promotion: Promotion): Promise<void> {
  const code = widgetsOf(promotion).map((widget) => WIDGETS[widget].preload);
  await Promise.allSettled(
    [...code, ...(promotion.mechanic === 'info' ? [InfoTopic.preload] : [])].map((load) => load()),
  );
}

/** Every widget's code, and the information blocks': a render thread's warm-up (app/router/all-page-code.ts). */
export async function loadAllMechanics(): Promise<void> {
  await Promise.allSettled([...Object.values(WIDGETS), InfoTopic].map((part) => part.preload()));
}

/** How long a page waits for its mechanic's first answer before it renders without it. */
const MECHANIC_DATA_WAIT_MS = 1500;

/**
 * Loads the first answers of a promotion's widgets, so the page renders with them complete instead
 * of a box that grows under the player's eyes (a layout shift); gives up waiting after 1.5 s.
 */
export async function loadMechanicData(client: QueryClient, promotion: Promotion, currency: string): Promise<void> {
  const widgets = widgetsOf(promotion);
  if (widgets.length === 0) return;
  const scope = scopeOf(client);
  const { userId, currentLanguage: language } = scope.store.getState();
  // A console preview's widgets read as a visitor's, with its link's token (promotion.preview).
  const context = { promotion, userId: promotion.preview ? null : userId, currency, language, now: scope.now() };
  const loads = widgets.map(async (widget) => {
    const { mechanic } = await MECHANIC_MODULES[widget]();
    return mechanic.prefetch?.(client, context);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(loads).catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, MECHANIC_DATA_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}
