import {
  BONUS_ENDPOINTS,
  HUNT_ENDPOINTS,
  LUCKY_DAY_ENDPOINTS,
  mechanicOf,
  type PromoMechanic,
  type Promotion,
  type PromoWidget,
  promotionSchema,
  TOURNAMENT_ENDPOINTS,
  USER_ENDPOINTS,
  WHEEL_ENDPOINTS,
} from '@promo/contract';
import { screen, waitFor } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod/mini';
import {
  answer,
  type Endpoint,
  requestsTo,
  sessionHandlers,
  tableEndpoint,
} from '../../../../mock-api/contract-api.ts';
import { mockServer, startMockApi } from '../../../../mock-api/node.ts';
import { loadEnglish, renderFeature } from '../../../../mock-api/render.tsx';
import { MECHANIC_MODULES } from '../mechanics/index.ts';

/** A console preview link's token, as the preview page's promotion carries it. */
const TOKEN = 'Pv3w-token_0123456789abcdef';
const ID = 931;
const REASON = 'Actions are off in a preview.';
const SEED_HASH = 'a'.repeat(64);

/** The previewed version as the preview endpoint answers it: never published, its link's token on it. */
const previewOf = (mechanic: PromoMechanic): Promotion =>
  z.parse(promotionSchema, {
    id: ID,
    slug: `new-${mechanic}`,
    template: mechanicOf(mechanic).template,
    mechanic,
    product: 'general',
    status: 'upcoming',
    startsAt: 1_930_000_000,
    endsAt: 1_932_000_000,
    window: null,
    previousEndsAt: null,
    prizeTiming: mechanicOf(mechanic).prizeTiming,
    currencyCode: 'USD',
    prizeFund: null,
    prizeBasis: mechanicOf(mechanic).prizeBasis,
    prizes: [],
    terms: mechanic === 'collect-hunt' ? { collectible: 'candy' } : {},
    cta: { to: 'information' },
    hero: { art: 'gift', accent: '#2563eb' },
    of: null,
    language: 'en',
    texts: {
      title: 'Preview only',
      summary: 'A version no player has seen.',
      about: ['It is being written in the console.'],
      rules: ['One entry per player.'],
      faq: [{ q: 'Is it live?', a: 'Not yet.' }],
    },
    preview: TOKEN,
  });

const balance = tableEndpoint(USER_ENDPOINTS.balance);
const wheel = tableEndpoint(WHEEL_ENDPOINTS.state, { id: ID });
const tournament = tableEndpoint(TOURNAMENT_ENDPOINTS.tournament, { id: ID });
const results = tableEndpoint(TOURNAMENT_ENDPOINTS.results, { id: ID });
const hunt = tableEndpoint(HUNT_ENDPOINTS.board, { id: ID });
const draw = tableEndpoint(LUCKY_DAY_ENDPOINTS.draw);
const series = tableEndpoint(LUCKY_DAY_ENDPOINTS.betSeries, { id: ID });
const jackpot = tableEndpoint(LUCKY_DAY_ENDPOINTS.jackpot, { id: ID });
const terms = tableEndpoint(BONUS_ENDPOINTS.rulesAndTerms, { id: ID });
const offers = tableEndpoint(BONUS_ENDPOINTS.welcomeBonus);

/**
 * Every widget of a promotion page that reads by the promotion's id or has an action: the reads it
 * makes (each must carry the token), what the version's answers show, and its action (the button's
 * words, or none where a visitor sees no button) that a preview shows off with the reason.
 */
const WIDGETS: Array<{
  widget: PromoWidget;
  mechanic: PromoMechanic;
  handlers: HttpHandler[];
  reads: Endpoint[];
  shows: string | null;
  /**
   * The action's button, off; `described`: it says why itself (a choice card says it beside). Null
   * where a visitor sees no button; 'none' for a widget that only shows (no reason to give).
   */
  action: { name: string | RegExp; described: boolean } | null | 'none';
}> = [
  {
    widget: 'spin-wheel',
    mechanic: 'prize-wheel',
    handlers: [
      answer(wheel, {
        promotionId: ID,
        participating: false,
        spinsLeft: 0,
        spinsPerDay: 3,
        nextServerSeedHash: null,
        nextNonce: 0,
        currencyCode: 'USD',
      }),
    ],
    reads: [wheel],
    shows: null,
    action: { name: 'Spin', described: true },
  },
  {
    widget: 'leaderboard',
    mechanic: 'sport-tournament',
    handlers: [
      answer(tournament, { id: ID, status: 'upcoming', startsAt: 1_930_000_000, endsAt: null, participants: 0 }),
      answer(results, { total: 0, offset: 0, limit: 10, items: [] }),
    ],
    reads: [tournament, results],
    shows: 'Players: 0',
    action: { name: 'Take part', described: true },
  },
  {
    widget: 'search-hunt',
    mechanic: 'collect-hunt',
    handlers: [answer(hunt, { promoId: ID, setSize: 6, status: 'upcoming', completedCount: 0, me: null })],
    reads: [hunt],
    shows: 'Players who completed the set: 0',
    action: null,
  },
  {
    widget: 'take-lucky-ticket',
    mechanic: 'daily-draw',
    handlers: [
      answer(draw, {
        promoId: ID,
        day: '2031-02-28',
        drawAt: 1_930_075_200,
        status: 'open',
        tickets: 0,
        seedHash: SEED_HASH,
        seed: null,
        winners: [],
      }),
    ],
    reads: [draw],
    shows: null,
    action: { name: 'Enter the draw', described: true },
  },
  {
    widget: 'weekly-jackpot',
    mechanic: 'weekly-jackpot',
    handlers: [
      answer(jackpot, {
        draws: [
          {
            drawAt: 1_930_075_200,
            status: 'open',
            jackpot: { amount: '2500.00', currencyCode: 'USD' },
            tickets: 0,
            mine: null,
            myPlace: null,
            seedHash: SEED_HASH,
            seed: null,
            winners: [],
          },
        ],
      }),
    ],
    reads: [jackpot],
    shows: '$2,500.00',
    action: 'none',
  },
  {
    widget: 'bet-series',
    mechanic: 'win-streak',
    handlers: [
      answer(series, {
        steps: [{ wins: 4, prize: { kind: 'freebet', amount: '12', currencyCode: 'USD' } }],
        progress: null,
      }),
    ],
    reads: [series],
    shows: '$12.00 free bet',
    action: 'none',
  },
  {
    widget: 'activate-bonus',
    mechanic: 'deposit-match',
    handlers: [
      answer(terms, {
        bonusId: ID,
        percent: 120,
        maxAmount: '250',
        minDeposit: '15',
        currencyCode: 'USD',
        wager: 6,
        validDays: 14,
        termsVersion: 1,
        status: null,
        activatedAt: null,
      }),
    ],
    reads: [terms],
    shows: '+120%',
    action: { name: 'Activate bonus', described: true },
  },
  {
    widget: 'promo-credits',
    mechanic: 'identification-bonus',
    handlers: [],
    reads: [],
    shows: null,
    action: { name: 'Take my free bet', described: true },
  },
  { widget: 'take-daily-bonus', mechanic: 'daily-gift', handlers: [], reads: [], shows: null, action: null },
  {
    widget: 'choose-first-bonus',
    mechanic: 'welcome-choice',
    handlers: [
      answer(offers, {
        offers: [{ bonusId: 1, percent: 100, maxAmount: '100.00', currencyCode: 'USD', freespins: 0, wager: 10 }],
      }),
    ],
    reads: [],
    shows: '100% up to $100.00',
    action: { name: /Sport/, described: false },
  },
];

/** The session token every call of a signed-in player carries, by the address it went to. */
const signedCalls: string[] = [];

startMockApi(
  ...sessionHandlers(7),
  answer(balance, { accounts: [{ id: 1, currencyCode: 'USD', amount: '5.00', active: true }] }),
);
beforeAll(async () => {
  await loadEnglish();
  mockServer.events.on('request:start', ({ request }) => {
    if (request.headers.has('x-auth')) signedCalls.push(new URL(request.url).pathname);
  });
});

describe("a console preview's widget: the version's reads, as a visitor, and no action (issue 40)", () => {
  test.each(WIDGETS)('$widget', async ({ widget, mechanic, handlers, reads, shows, action }) => {
    mockServer.use(...handlers);
    signedCalls.length = 0;
    const { mechanic: module } = await MECHANIC_MODULES[widget]();
    // A signed-in player previews: the widget still reads as a visitor would.
    renderFeature(<module.Widget promotion={previewOf(mechanic)} />, { userId: 7 });

    if (shows !== null) expect(await screen.findByText(shows, { exact: false })).toBeInTheDocument();
    if (action !== 'none') expect(await screen.findByText(REASON)).toBeInTheDocument();
    if (action !== null && action !== 'none') {
      const button = await screen.findByRole('button', { name: action.name });
      expect(button).toBeDisabled();
      if (action.described) expect(button).toHaveAccessibleDescription(REASON);
    }
    // No sign-in prompt in its place: the preview is the page as players will see it, not the browser's player.
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    // Each read by the promotion's id carried the token, and none the player's session.
    await waitFor(() => expect(reads.every((read) => requestsTo(read).length > 0)).toBe(true));
    for (const read of reads) {
      expect(requestsTo(read).map((seen) => seen.query.preview)).toEqual(requestsTo(read).map(() => TOKEN));
    }
    const readPaths = reads.map((read) => new URL(read.path, 'http://frame').pathname);
    expect(signedCalls.filter((path) => readPaths.some((read) => path.endsWith(read)))).toEqual([]);
  });
});
