import type { ConfigPartName } from '@promo/contract';
import type { QueryClient } from '@tanstack/react-query';
import { configPartQuery } from '../../../entities/site-part/index.ts';
import { timezonesQuery } from '../../../entities/time-zone/index.ts';

/** The config parts the footer shows (FooterConfig), in its order. */
export const FOOTER_PARTS = [
  'footer',
  'information',
  'support',
  'responsible',
  'licence',
] as const satisfies readonly ConfigPartName[];

/**
 * The footer's details for a server render: its config parts and the time zones' cities. They are
 * the same for every visitor of a language, so they go in the page (and the page cache) with the
 * rest of it: the licence and the responsible-gaming notice are in the HTML, and the browser asks
 * for none of them after hydrating (six requests and a re-render of the footer per visit before).
 * A part that fails is left to the browser, which asks for it as before.
 */
export const prefetchFooterDetails = (client: QueryClient): Promise<unknown> =>
  Promise.all([
    ...FOOTER_PARTS.map((name) => client.prefetchQuery(configPartQuery(name))),
    client.prefetchQuery(timezonesQuery()),
  ]);
