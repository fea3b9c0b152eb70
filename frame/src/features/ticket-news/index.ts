export {
  freshResults,
  localAnnouncedStore,
  resultText,
  TICKET_NEWS_WINDOW_MS,
  useTicketNews,
} from './model/ticket-news.ts';
