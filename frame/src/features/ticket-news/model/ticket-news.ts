import { LOTTERIES, type Ticket } from '@promo/contract';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { formatMoney } from '../../../shared/lib/format/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';

/** Results older than this are history, not news (a first visit is not flooded with old draws). */
export const TICKET_NEWS_WINDOW_MS = 7 * 86_400_000;
/** At most this many results are announced at once. */
export const MAX_TICKET_NEWS = 5;
/** How many announced ticket ids are remembered per player. */
const REMEMBERED = 300;

/** Where the ids of the tickets whose results were announced are kept, per player. */
export interface AnnouncedStore {
  read(userId: number): Set<number>;
  write(userId: number, ids: readonly number[]): void;
}

const key = (userId: number) => `promo-frame:lotto-announced:${userId}`;

/** localStorage; when it throws (disabled, full), results are news again on the next visit. */
export const localAnnouncedStore: AnnouncedStore = {
  read(userId) {
    try {
      const raw: unknown = JSON.parse(localStorage.getItem(key(userId)) ?? '[]');
      return new Set(Array.isArray(raw) ? raw.filter((id): id is number => Number.isInteger(id)) : []);
    } catch {
      return new Set();
    }
  },
  write(userId, ids) {
    try {
      localStorage.setItem(key(userId), JSON.stringify(ids.slice(-REMEMBERED)));
    } catch {
      // Not remembered: announced again next time, which loses nothing.
    }
  },
};

/** The drawn tickets not announced yet, recent enough to be news, newest first. */
export function freshResults(tickets: readonly Ticket[], announced: ReadonlySet<number>, now: number): Ticket[] {
  return tickets
    .filter((ticket) => ticket.status !== 'pending' && !announced.has(ticket.id))
    .filter((ticket) => now - ticket.drawAt * 1000 < TICKET_NEWS_WINDOW_MS)
    .slice(0, MAX_TICKET_NEWS);
}

/** What the host's notification says about a result. */
export function resultText(ticket: Ticket, t: TFunction, language: string): string {
  const name = LOTTERIES[ticket.code].name;
  return ticket.status === 'win' && ticket.won
    ? t('lotto_news_win', {
        id: ticket.id,
        name,
        amount: formatMoney(ticket.won.amount, ticket.won.currencyCode, language),
      })
    : t('lotto_news_loss', { id: ticket.id, name });
}

/**
 * Spec 4 ticket notifications: each result the player has not been told of yet is a notification
 * to the host (win or loss), once, and is marked new on the page for this visit. Returns the ids
 * of the tickets new on this visit (known in the render that shows them: no badge pops in later).
 */
export function useTicketNews(
  userId: number | null,
  tickets: readonly Ticket[] | undefined,
  store: AnnouncedStore = localAnnouncedStore,
): ReadonlySet<number> {
  const { t } = useTranslation();
  const language = useGlobalStore((s) => s.currentLanguage);
  const fresh = useRef(new Set<number>());
  const pending = useRef<Ticket[]>([]);
  if (userId !== null && tickets) {
    const announced = store.read(userId);
    for (const ticket of freshResults(tickets, announced, Date.now())) {
      if (fresh.current.has(ticket.id)) continue;
      fresh.current.add(ticket.id);
      pending.current.push(ticket);
    }
  }
  useEffect(() => {
    if (userId === null || pending.current.length === 0) return;
    const news = pending.current;
    pending.current = [];
    store.write(userId, [...store.read(userId), ...news.map((ticket) => ticket.id)]);
    for (const ticket of news) {
      hostBridge.send('notification', {
        kind: ticket.status === 'win' ? 'win' : 'loss',
        text: resultText(ticket, t, language),
      });
    }
  });
  return fresh.current;
}
