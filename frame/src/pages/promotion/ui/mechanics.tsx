import { type Promotion, type PromoWidget, promoWidgets, resolvePromo } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { promotionQuery } from '../../../entities/promotion/index.ts';
import { onDemand, renderNow } from '../../../shared/lib/rendering/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';

// Each mechanic loads with the first page that has it; so do the queries of the wheel, the bonuses,
// the hunt and the promo credits (their response schemas are built when they load, not before
// every promotion page hydrates: issue 23, TBT).
const wheelQueries = () => import('../../../entities/wheel/index.ts');
const bonusQueries = () => import('../../../entities/bonus/index.ts');
const huntQueries = () => import('../../../entities/hunt/index.ts');
const creditQueries = () => import('../../../entities/promo-credit/index.ts');
const luckyDayQueries = () => import('../../../entities/lucky-day/index.ts');
const tournamentQueries = () => import('../../../entities/tournament/index.ts');
const spinWheel = () => import('../../../features/spin-wheel/index.ts');
const chooseFirstBonus = () => import('../../../features/choose-first-bonus/index.ts');
const takeDailyBonus = () => import('../../../features/take-daily-bonus/index.ts');
const takeLuckyTicket = () => import('../../../features/take-lucky-ticket/index.ts');
const activateBonus = () => import('../../../features/activate-bonus/index.ts');
const searchHunt = () => import('../../../features/search-hunt/index.ts');
const betSeries = () => import('../../../widgets/bet-series/index.ts');
const leaderboard = () => import('../../../widgets/leaderboard/index.ts');
const casinoGames = () => import('../../../widgets/casino-games/index.ts');
const promoCredits = () => import('../../../features/promo-credits/index.ts');
const weeklyJackpot = () => import('../../../widgets/weekly-jackpot/index.ts');

export const SpinWheel = onDemand(spinWheel, (m) => m.SpinWheel);
export const ChooseFirstBonus = onDemand(chooseFirstBonus, (m) => m.ChooseFirstBonus);
export const TakeDailyBonus = onDemand(takeDailyBonus, (m) => m.TakeDailyBonus);
export const TakeLuckyTicket = onDemand(takeLuckyTicket, (m) => m.TakeLuckyTicket);
export const ActivateBonus = onDemand(activateBonus, (m) => m.ActivateBonus);
export const SearchHunt = onDemand(searchHunt, (m) => m.SearchHunt);
export const BetSeries = onDemand(betSeries, (m) => m.BetSeries);
export const BroadcastBoard = onDemand(leaderboard, (m) => m.BroadcastBoard);
export const Leaderboard = onDemand(leaderboard, (m) => m.Leaderboard);
export const CasinoGames = onDemand(casinoGames, (m) => m.CasinoGames);
export const PromoCredits = onDemand(promoCredits, (m) => m.PromoCredits);
export const WeeklyJackpot = onDemand(weeklyJackpot, (m) => m.WeeklyJackpot);
/** An information page's block (casino sections, the licence, the latest winners). */
export const InfoTopic = onDemand(
  () => import('./info-topic.tsx'),
  (m) => m.InfoTopic,
);

/** The code of each mechanic (what promoMechanic renders for it). */
const MECHANIC_CODE: Record<PromoWidget, () => Promise<unknown>> = {
  'spin-wheel': SpinWheel.preload,
  'choose-first-bonus': ChooseFirstBonus.preload,
  'activate-bonus': ActivateBonus.preload,
  'take-daily-bonus': TakeDailyBonus.preload,
  leaderboard: Leaderboard.preload,
  'broadcast-board': BroadcastBoard.preload,
  'take-lucky-ticket': TakeLuckyTicket.preload,
  'bet-series': BetSeries.preload,
  'search-hunt': SearchHunt.preload,
  'casino-games': CasinoGames.preload,
  'promo-credits': PromoCredits.preload,
  'weekly-jackpot': WeeklyJackpot.preload,
};

/** The widgets of a promotion, as its content decides them. */
const widgetsOf = (promotion: Promotion) => promoWidgets(promotion.mechanic, promotion.terms.games);

/**
 * Loads a promotion's widget code; resolves when it is there or has failed (the page's own lazy
 * load then shows the failure where the widget goes). The route loader waits for it beside the
 * data, so the page never renders a placeholder the widget then pushes down.
 */
export async function loadMechanic(promotion: Promotion): Promise<void> {
  const code = widgetsOf(promotion).map((widget) => MECHANIC_CODE[widget]);
  await Promise.allSettled(
    [...code, ...(promotion.mechanic === 'info' ? [InfoTopic.preload] : [])].map((load) => load()),
  );
}

/** How long a page waits for its mechanic's first answer before it renders without it. */
const MECHANIC_DATA_WAIT_MS = 1500;

interface MechanicContext {
  promotion: Promotion;
  promotionId: number;
  userId: number | null;
  currency: string;
  language: string;
}

/**
 * The first answers each mechanic shows, by the same queries it uses (one try: a failure is the
 * mechanic's own error state with its retry, not a slower page).
 */
const MECHANIC_DATA: Partial<Record<PromoWidget, (client: QueryClient, c: MechanicContext) => Promise<unknown>>> = {
  'spin-wheel': async (client, c) => {
    const { wheelStateQuery } = await wheelQueries();
    return client.prefetchQuery({ ...wheelStateQuery(c.promotionId, c.userId), retry: false });
  },
  'choose-first-bonus': async (client, c) => {
    const { welcomeBonusQuery } = await bonusQueries();
    return client.prefetchQuery({ ...welcomeBonusQuery(c.currency), retry: false });
  },
  'activate-bonus': async (client, c) => {
    const { depositBonusQuery } = await bonusQueries();
    return client.prefetchQuery({ ...depositBonusQuery(c.promotionId, c.userId, c.currency), retry: false });
  },
  'bet-series': async (client, c) => {
    const { betSeriesQuery } = await luckyDayQueries();
    return client.prefetchQuery({ ...betSeriesQuery(c.promotionId, c.userId), retry: false });
  },
  'take-lucky-ticket': async (client, c) => {
    const { luckyDrawQuery, luckyTicketsQuery, utcDay } = await luckyDayQueries();
    const today = utcDay(renderNow());
    return Promise.all([
      client.prefetchQuery({ ...luckyDrawQuery(c.promotionId, today, c.userId), retry: false }),
      c.userId === null
        ? undefined
        : client.prefetchQuery({ ...luckyTicketsQuery(c.promotionId, today, c.userId), retry: false }),
    ]);
  },
  'search-hunt': async (client, c) => {
    const { huntBoardQuery } = await huntQueries();
    return client.prefetchQuery({ ...huntBoardQuery(c.promotionId, c.userId), retry: false });
  },
  'weekly-jackpot': async (client, c) => {
    const { weeklyJackpotQuery } = await luckyDayQueries();
    return client.prefetchQuery({ ...weeklyJackpotQuery(c.promotionId, c.userId, c.currency), retry: false });
  },
  'promo-credits': async (client, c) => {
    if (c.userId === null) return;
    const { promoCreditsQuery } = await creditQueries();
    return client.prefetchQuery({ ...promoCreditsQuery(c.userId, c.promotionId), retry: false });
  },
  leaderboard: async (client, c) => {
    const { tournamentQuery, tournamentResultsQuery } = await tournamentQueries();
    return Promise.all([
      client.prefetchQuery({ ...tournamentQuery(c.promotionId), retry: false }),
      client.prefetchQuery({ ...tournamentResultsQuery(c.promotionId, 0, c.userId), retry: false }),
    ]);
  },
  'broadcast-board': async (client, c) => {
    const of = c.promotion.of;
    if (of === null) return;
    const parent = await client
      .fetchQuery({ ...promotionQuery(resolvePromo(of)?.serverKey ?? of, c.language, c.currency), retry: false })
      .catch(() => null);
    if (parent?.template === 'tournament') {
      const { tournamentResultsQuery } = await tournamentQueries();
      await client.prefetchQuery({ ...tournamentResultsQuery(parent.id, 0, c.userId), retry: false });
    }
  },
};

/**
 * Loads the first answers of a promotion's widgets, so the page renders with them complete instead
 * of a box that grows under the player's eyes (a layout shift); gives up waiting after 1.5 s.
 */
export async function loadMechanicData(client: QueryClient, promotion: Promotion, currency: string): Promise<void> {
  const loads = widgetsOf(promotion).flatMap((widget) => MECHANIC_DATA[widget] ?? []);
  if (loads.length === 0) return;
  const { userId, currentLanguage: language } = useGlobalStore.getState();
  const context = { promotion, promotionId: promotion.id, userId, currency, language };
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(loads.map((load) => load(client, context))).catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, MECHANIC_DATA_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}
