import type { LotterySort, LotterySummary, Ticket, TicketFilter } from './api.ts';

/** Spec 9 upcoming-event buckets of a draw: within 2 hours, 2 to 4 hours, later. */
export const DRAW_BUCKETS = ['0-2h', '2-4h', '4h+'] as const;
export type DrawBucket = (typeof DRAW_BUCKETS)[number];
const HOUR = 3_600_000;
export const drawBucket = (drawAtMs: number, nowMs: number): DrawBucket => {
  const left = drawAtMs - nowMs;
  return left < 2 * HOUR ? '0-2h' : left < 4 * HOUR ? '2-4h' : '4h+';
};

/**
 * The lottery list in a sort order: most popular first, soonest draw first, or biggest jackpot
 * first (jackpots compared in one currency, the list's). Ties keep the code order.
 */
export function sortLotteries(lotteries: readonly LotterySummary[], sort: LotterySort): LotterySummary[] {
  const by: Record<LotterySort, (a: LotterySummary, b: LotterySummary) => number> = {
    POPULARITY: (a, b) => b.popularity - a.popularity,
    DRAW_DATE: (a, b) => a.nextDrawAt - b.nextDrawAt,
    JACKPOT_AMOUNT: (a, b) => Number(b.jackpot.amount) - Number(a.jackpot.amount),
  };
  return [...lotteries].sort((a, b) => by[sort](a, b) || a.code.localeCompare(b.code));
}

/** Spec 3 ticket filter: All, Drawn (PLAYED), Undrawn (NOT_PLAYED), Winning, Losing. */
export function filterTickets(tickets: readonly Ticket[], filter: TicketFilter): Ticket[] {
  const keep: Record<TicketFilter, (ticket: Ticket) => boolean> = {
    ALL: () => true,
    PLAYED: (ticket) => ticket.status !== 'pending',
    NOT_PLAYED: (ticket) => ticket.status === 'pending',
    WIN: (ticket) => ticket.status === 'win',
    LOSS: (ticket) => ticket.status === 'loss',
  };
  return tickets.filter(keep[filter]);
}
