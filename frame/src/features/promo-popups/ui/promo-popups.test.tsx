import { LUCKY_DAY_ENDPOINTS, type LuckyChance, type Promotion, popupFlagKey, promotionSchema } from '@promo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { z } from 'zod/mini';
import {
  answer,
  failNetwork,
  refuse,
  requestsTo,
  sessionHandlers,
  tableEndpoint,
} from '../../../../mock-api/contract-api.ts';
import { mockServer, startMockApi } from '../../../../mock-api/node.ts';
import { loadEnglish, renderFeature } from '../../../../mock-api/render.tsx';
import { type PopupLink, PromoPopups } from './promo-popups.tsx';

const forecastOf = tableEndpoint(LUCKY_DAY_ENDPOINTS.luckyChance);
const sendForecast = tableEndpoint(LUCKY_DAY_ENDPOINTS.forecast);

/** Clutch Book (id 184): the promotion whose page asks for the lucky chance forecast. */
const promotion = (overrides: Partial<Promotion> = {}): Promotion =>
  z.parse(promotionSchema, {
    id: 184,
    slug: 'clutch-book',
    template: 'free-bet',
    mechanic: 'match-free-bet',
    product: 'sport',
    status: 'active',
    startsAt: 1_763_500_000,
    endsAt: 1_766_000_000,
    window: null,
    previousEndsAt: null,
    prizeTiming: 'at-settlement',
    currencyCode: 'USD',
    prizeFund: null,
    prizeBasis: 'place',
    prizes: [{ places: '1', amount: '8', currencyCode: 'USD', kind: 'freebet' }],
    terms: { sportIds: [40], minOdds: '1.60', minStake: '4', betType: 'single', validDays: 5 },
    cta: { to: 'betting', section: 'live', sportId: 40, oppId: 584_113_207 },
    hero: { art: 'ticket', accent: '#f5a623' },
    of: null,
    language: 'en',
    texts: {
      title: 'Clutch Book',
      summary: 'A clutch free bet for Counter-Strike fans: back a match, get a free bet.',
      about: ['Place a qualifying live or pre-match bet on CS, and a free bet arrives when it settles.'],
      rules: ['Only Counter-Strike markets qualify.'],
      faq: [{ q: 'How long is the free bet valid?', a: '5 days.' }],
    },
    ...overrides,
  });
const CLUTCH_BOOK = promotion();
const made = (home: number, away: number): { forecast: LuckyChance } => ({
  forecast: { promoId: 184, oppId: 584_113_207, home, away, madeAt: 1_764_230_000 },
});

const POPUP = 'Lucky chance: call the score';
const INVALID = 'Enter a score from 0 to 20 for each team.';

startMockApi(...sessionHandlers(7));
beforeAll(loadEnglish);
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** A popup is shown once per player in a page's life: each test is another player. */
let lastPlayer = 100;
const nextPlayer = () => {
  lastPlayer += 1;
  return lastPlayer;
};

const renderLink = (link: PopupLink, label: string, onFollow: () => void) => (
  <a href={`/host/${link.kind}`} onClick={onFollow}>
    {label}
  </a>
);
const show = (userId: number | null, shown: Promotion = CLUTCH_BOOK) =>
  renderFeature(<PromoPopups promotion={shown} renderLink={renderLink} />, { userId });

/** Lets answers arrive and effects run before a test says nothing appeared. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

/** Types a score into the popup's form and sends it. */
async function forecast(dialog: HTMLElement, home: string, away: string) {
  const first = within(dialog).getByRole('spinbutton', { name: 'First team' });
  const second = within(dialog).getByRole('spinbutton', { name: 'Second team' });
  await userEvent.clear(first);
  if (home) await userEvent.type(first, home);
  await userEvent.clear(second);
  if (away) await userEvent.type(second, away);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send my forecast' }));
}

test('a player without a forecast is asked for one in a popup, sends 2:1 and reads it back', async () => {
  mockServer.use(answer(forecastOf, { forecast: null }), answer(sendForecast, made(2, 1)));
  show(nextPlayer());
  const dialog = await screen.findByRole('dialog', { name: POPUP });
  expect(dialog).toHaveTextContent(
    'Forecast the final score of the featured match. One forecast per player, kept with your account.',
  );
  await forecast(dialog, '2', '1');
  expect(await within(dialog).findByText('Your forecast 2:1 is in. Good luck!')).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Send my forecast' })).toBeNull();
  const [sent, ...more] = requestsTo(sendForecast);
  expect(more).toEqual([]);
  expect(sent?.body).toEqual({ promoId: 184, home: 2, away: 1 });
  expect(sent?.idempotencyKey).toMatch(/^[\w-]{8,}$/);
});

test('the forecast popup says what to do once, and every text it shows is in the dictionary', async () => {
  const warn = vi.spyOn(console, 'warn');
  mockServer.use(answer(forecastOf, { forecast: null }));
  show(nextPlayer());
  const dialog = await screen.findByRole('dialog', { name: POPUP });
  expect(within(dialog).getAllByText(/^Forecast the final score/)).toHaveLength(1);
  expect(
    within(dialog)
      .getAllByRole('paragraph')
      .map((line) => line.textContent),
  ).toEqual(['Forecast the final score of the featured match. One forecast per player, kept with your account.']);
  expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('i18n: missing translation key'));
});

test('a score outside 0 to 20 or a missing one is marked and not sent; corrected, it is', async () => {
  mockServer.use(answer(forecastOf, { forecast: null }), answer(sendForecast, made(3, 0)));
  show(nextPlayer());
  const dialog = await screen.findByRole('dialog', { name: POPUP });
  await forecast(dialog, '21', '');
  expect(within(dialog).getByRole('alert')).toHaveTextContent(INVALID);
  expect(within(dialog).getByRole('spinbutton', { name: 'First team' })).toBeInvalid();
  expect(within(dialog).getByRole('spinbutton', { name: 'Second team' })).toBeInvalid();
  await forecast(dialog, '1.5', '2');
  expect(within(dialog).getByRole('alert')).toHaveTextContent(INVALID);
  expect(within(dialog).getByRole('spinbutton', { name: 'Second team' })).toBeValid();
  expect(requestsTo(sendForecast)).toEqual([]);
  await forecast(dialog, '3', '0');
  expect(await within(dialog).findByText('Your forecast 3:0 is in. Good luck!')).toBeInTheDocument();
  expect(requestsTo(sendForecast).map((request) => request.body)).toEqual([{ promoId: 184, home: 3, away: 0 }]);
});

test("a refusal shows the server's message in the popup and keeps the form", async () => {
  mockServer.use(
    answer(forecastOf, { forecast: null }),
    refuse(sendForecast, 409, 'already_forecast', 'You have made your forecast for this match already.'),
  );
  show(nextPlayer());
  const dialog = await screen.findByRole('dialog', { name: POPUP });
  await forecast(dialog, '2', '2');
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'You have made your forecast for this match already.',
  );
  expect(within(dialog).queryByText(/Your forecast .* is in/)).toBeNull();
  expect(within(dialog).getByRole('button', { name: 'Send my forecast' })).toBeEnabled();
});

test('a network failure is resent twice, then asks to try again; every attempt carries the same Idempotency-Key', async () => {
  mockServer.use(answer(forecastOf, { forecast: null }), failNetwork(sendForecast));
  show(nextPlayer());
  const dialog = await screen.findByRole('dialog', { name: POPUP });
  await forecast(dialog, '0', '4');
  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent('That did not go through. Please try again.');
  expect(requestsTo(sendForecast)).toHaveLength(3);
  mockServer.use(answer(sendForecast, made(0, 4)));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send my forecast' }));
  expect(await within(dialog).findByText('Your forecast 0:4 is in. Good luck!')).toBeInTheDocument();
  const attempts = requestsTo(sendForecast);
  expect(attempts).toHaveLength(4);
  expect(new Set(attempts.map((request) => request.idempotencyKey)).size).toBe(1);
  expect(attempts[0]?.idempotencyKey).toMatch(/^[\w-]{8,}$/);
  expect(attempts.every((request) => JSON.stringify(request.body) === '{"promoId":184,"home":0,"away":4}')).toBe(true);
});

test('a double click on send sends one forecast, and the button is busy while it is under way', async () => {
  mockServer.use(answer(forecastOf, { forecast: null }), answer(sendForecast, made(1, 1), 300));
  show(nextPlayer());
  const dialog = await screen.findByRole('dialog', { name: POPUP });
  await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'First team' }), '1');
  await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Second team' }), '1');
  const send = within(dialog).getByRole('button', { name: 'Send my forecast' });
  await userEvent.dblClick(send);
  expect(send).toBeDisabled();
  expect(send).toHaveAttribute('aria-busy', 'true');
  expect(await within(dialog).findByText('Your forecast 1:1 is in. Good luck!')).toBeInTheDocument();
  expect(requestsTo(sendForecast)).toHaveLength(1);
});

test('the popup comes once per player: closed and shown again, it stays away; another player gets it', async () => {
  mockServer.use(answer(forecastOf, { forecast: null }));
  const player = nextPlayer();
  const first = show(player);
  const dialog = await screen.findByRole('dialog', { name: POPUP });
  await userEvent.click(within(dialog).getByText('Close', { selector: 'button' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(localStorage.getItem(popupFlagKey('luckyChanceForecast', player))).not.toBeNull();
  first.unmount();

  const again = show(player);
  await settle();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(requestsTo(forecastOf)).toHaveLength(1);
  again.unmount();

  show(nextPlayer());
  expect(await screen.findByRole('dialog', { name: POPUP })).toBeInTheDocument();
});

test('no popup and no forecast asked for a visitor or an ended promotion; none for a player who made one', async () => {
  mockServer.use(answer(forecastOf, made(2, 0)));
  const visitor = show(null);
  await settle();
  expect(screen.queryByRole('dialog')).toBeNull();
  visitor.unmount();
  const ended = show(nextPlayer(), promotion({ status: 'ended' }));
  await settle();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(requestsTo(forecastOf)).toEqual([]);
  ended.unmount();

  show(nextPlayer());
  await waitFor(() => expect(requestsTo(forecastOf)).toHaveLength(1));
  await settle();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(requestsTo(sendForecast)).toEqual([]);
});

test("a visitor on the summer page gets the summer popup with the host's promotions link; Later closes it", async () => {
  const summer = promotion({ id: 305, slug: 'summer-page', mechanic: 'info', template: 'info', cta: { to: 'lotto' } });
  show(null, summer);
  const dialog = await screen.findByRole('dialog', { name: 'Summer holidays' });
  expect(dialog).toHaveTextContent(
    'Going away? The promotions keep running all summer, and your account goes with you.',
  );
  expect(within(dialog).getByRole('link', { name: 'See the promotions' })).toHaveAttribute('href', '/host/promotions');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Later' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(localStorage.getItem(popupFlagKey('summerHolidays', null))).not.toBeNull();
  expect(requestsTo(forecastOf)).toEqual([]);
});
