import { LUCKY_DAY_ENDPOINTS, type LuckyDraw, type LuckyTickets } from '@promo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
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
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { Countdown } from '../../../shared/ui/countdown/index.ts';
import { TakeLuckyTicket } from './take-lucky-ticket.tsx';

const PROMO = 301;
// The query (date_draw, promo_id) is not part of the path: one handler answers every day asked.
const draw = tableEndpoint(LUCKY_DAY_ENDPOINTS.draw);
const tickets = tableEndpoint(LUCKY_DAY_ENDPOINTS.tickets);
const take = tableEndpoint(LUCKY_DAY_ENDPOINTS.takeTicket);

/** 15:00 UTC on 27 Nov 2026: today's draw is at 20:00 UTC, 23:00 on the player's UTC+3 page. */
const NOW = Date.UTC(2026, 10, 27, 15);
/** The promotion runs since long before the week the tabs show. */
const STARTED = Date.UTC(2025, 0, 1) / 1000;
const TODAY = '2026-11-27';
const YESTERDAY = '2026-11-26';

const TODAY_DRAW: LuckyDraw = {
  promoId: PROMO,
  day: TODAY,
  drawAt: Date.UTC(2026, 10, 27, 20) / 1000,
  status: 'open',
  tickets: 152,
  seedHash: 'e4db84b206c5a98bbb7f2d19d63120598148fc0b7ba8c1332ea81493afd12c52',
  seed: null,
  winners: [],
};
const NO_TICKET: LuckyTickets = { day: TODAY, tickets: [] };
const MY_TICKET: LuckyTickets = {
  day: TODAY,
  tickets: [{ ticketId: 4217, day: TODAY, state: 'pending', place: null, prize: null }],
};

/**
 * Yesterday's draw, really drawn: the seed's sha256 is the hash, and the winners stand in the order
 * of sha256(seed:number) (777, 4217, 123456), so the browser's check passes.
 */
const eur = (amount: string, kind: 'cash' | 'freebet' = 'cash') => ({ kind, amount, currencyCode: 'EUR' });
const YESTERDAY_DRAW: LuckyDraw = {
  promoId: PROMO,
  day: YESTERDAY,
  drawAt: Date.UTC(2026, 10, 26, 20) / 1000,
  status: 'drawn',
  tickets: 5,
  seedHash: 'f182c5f180260a9b2318edd1159a8d6a29b4e049163763ee3303b0c2d41705d7',
  seed: 'draw-2026-11-26-9f2c',
  winners: [
    { place: 1, ticketId: 777, name: 'Anna K.', isMe: false, prize: eur('100') },
    { place: 2, ticketId: 4217, name: 'Max P.', isMe: true, prize: eur('50') },
    { place: 3, ticketId: 123456, name: 'Lee W.', isMe: false, prize: eur('10', 'freebet') },
  ],
};
const YESTERDAY_TICKETS: LuckyTickets = {
  day: YESTERDAY,
  tickets: [{ ticketId: 4217, day: YESTERDAY, state: 'win', place: 2, prize: eur('50') }],
};

startMockApi();
beforeAll(loadEnglish);
/** The clock stands at `ms`; the session token is made at that time (it expires an hour later). */
const clockAt = (ms: number) => {
  vi.setSystemTime(ms);
  mockServer.use(...sessionHandlers(7));
};
// Only the date is fixed: timers (MSW delays, the money hook's resends) run as they do.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  clockAt(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const show = () =>
  renderFeature(
    <TakeLuckyTicket
      promotionId={PROMO}
      startsAt={STARTED}
      onSignIn={() => undefined}
      renderCountdown={(ms) => <span>draw at {new Date(ms).toISOString()}</span>}
    />,
  );
const numberField = () => screen.getByRole('textbox', { name: 'Your lucky number (1–999999)' });
const enter = () => screen.getByRole('button', { name: 'Enter the draw' });
/** Types the player's number over the suggested one and enters the draw. */
async function enterWith(number: string) {
  await userEvent.clear(await screen.findByRole('textbox', { name: 'Your lucky number (1–999999)' }));
  await userEvent.type(numberField(), number);
  await userEvent.click(enter());
}

test('a player enters number 4217: a popup and the host say so, the ticket waits for the draw, the count goes up', async () => {
  const sent = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  mockServer.use(answer(draw, TODAY_DRAW), answer(tickets, NO_TICKET), answer(take, MY_TICKET));
  show();
  expect(await screen.findByTestId('lucky-draw-time')).toHaveTextContent("Today's draw at 23:00 · tickets: 152");
  expect(screen.getByText(/^draw at/)).toHaveTextContent('draw at 2026-11-27T20:00:00.000Z');
  // A number is suggested; the player picks their own.
  const suggested = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Your lucky number (1–999999)' });
  expect(suggested.value).toMatch(/^[1-9]\d{0,5}$/);
  mockServer.use(answer(draw, { ...TODAY_DRAW, tickets: 153 }));
  await enterWith('4217');

  const popup = await screen.findByRole('dialog', { name: "You're in the draw" });
  expect(popup).toHaveTextContent('Your ticket № 004217 is in today’s draw. Good luck!');
  expect(sent).toHaveBeenCalledWith('notification', {
    kind: 'pending',
    text: 'Your ticket № 004217 is in today’s draw. Good luck!',
  });
  expect(screen.getByTestId('lucky-ticket')).toHaveTextContent('№ 004217Waiting for the draw');
  expect(screen.queryByRole('button', { name: 'Enter the draw' })).toBeNull();
  expect(await screen.findByText(/tickets: 153/)).toBeInTheDocument();
  expect(requestsTo(take)).toEqual([expect.objectContaining({ body: { promoId: PROMO, ticketId: 4217 } })]);
  await userEvent.click(within(popup).getByRole('button', { name: 'Great' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test("a refusal shows the server's message and changes nothing", async () => {
  const sent = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  mockServer.use(
    answer(draw, TODAY_DRAW),
    answer(tickets, NO_TICKET),
    refuse(take, 409, 'number_taken', 'Number 4217 is taken today; pick another'),
  );
  show();
  await enterWith('4217');
  expect(await screen.findByRole('alert')).toHaveTextContent('Number 4217 is taken today; pick another');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.queryByTestId('lucky-ticket')).toBeNull();
  expect(numberField()).toHaveValue('4217');
  expect(enter()).toBeEnabled();
  expect(screen.getByTestId('lucky-draw-time')).toHaveTextContent('tickets: 152');
  expect(sent).not.toHaveBeenCalled();
});

test('a network failure is resent twice, then asks to try again; every attempt is the same ticket with the same key', async () => {
  mockServer.use(answer(draw, TODAY_DRAW), answer(tickets, NO_TICKET), failNetwork(take));
  show();
  await enterWith('4217');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('That did not go through. Please try again.');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(numberField()).toHaveValue('4217');
  mockServer.use(answer(take, MY_TICKET));
  await userEvent.click(enter());
  expect(await screen.findByRole('dialog', { name: "You're in the draw" })).toHaveTextContent('№ 004217');
  const attempts = requestsTo(take);
  expect(attempts).toHaveLength(4);
  expect(attempts[0]?.idempotencyKey).toMatch(/^[\w-]{8,}$/);
  expect(new Set(attempts.map((attempt) => attempt.idempotencyKey)).size).toBe(1);
  expect(attempts.map((attempt) => attempt.body)).toEqual(Array(4).fill({ promoId: PROMO, ticketId: 4217 }));
});

test('a double click on Enter the draw takes one ticket; the button is busy while it is under way', async () => {
  mockServer.use(answer(draw, TODAY_DRAW), answer(tickets, NO_TICKET), answer(take, MY_TICKET, 300));
  show();
  await userEvent.clear(await screen.findByRole('textbox', { name: 'Your lucky number (1–999999)' }));
  await userEvent.type(numberField(), '4217');
  await userEvent.dblClick(enter());
  expect(enter()).toBeDisabled();
  expect(enter()).toHaveAttribute('aria-busy', 'true');
  // Enter in the field submits the form too: still one ticket.
  await userEvent.type(numberField(), '{Enter}');
  expect(await screen.findByRole('dialog', { name: "You're in the draw" })).toBeInTheDocument();
  expect(requestsTo(take)).toHaveLength(1);
});

test('only numbers from 1 to 999999 can be entered: letters are dropped, 0 is refused before anything is sent', async () => {
  mockServer.use(answer(draw, TODAY_DRAW), answer(tickets, NO_TICKET), answer(take, MY_TICKET));
  show();
  await userEvent.clear(await screen.findByRole('textbox', { name: 'Your lucky number (1–999999)' }));
  expect(screen.getByText('Enter a number from 1 to 999999.')).toBeInTheDocument();
  expect(enter()).toBeDisabled();
  await userEvent.type(numberField(), '12ab3');
  expect(numberField()).toHaveValue('123');
  expect(screen.queryByText('Enter a number from 1 to 999999.')).toBeNull();
  expect(enter()).toBeEnabled();
  await userEvent.clear(numberField());
  await userEvent.type(numberField(), '0{Enter}');
  expect(numberField()).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText('Enter a number from 1 to 999999.')).toBeInTheDocument();
  expect(enter()).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Shuffle' }));
  const suggested = Number((numberField() as HTMLInputElement).value);
  expect(suggested).toBeGreaterThanOrEqual(1);
  expect(suggested).toBeLessThanOrEqual(999_999);
  expect(enter()).toBeEnabled();
  expect(requestsTo(take)).toEqual([]);
});

test("a player already in today's draw sees their ticket, not the form", async () => {
  mockServer.use(answer(draw, TODAY_DRAW), answer(tickets, MY_TICKET), answer(take, MY_TICKET));
  show();
  expect(await screen.findByTestId('lucky-ticket')).toHaveTextContent('№ 004217Waiting for the draw');
  expect(screen.queryByRole('textbox')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Enter the draw' })).toBeNull();
});

test('a visitor sees the draw and is asked to sign in (a button in the app); no ticket is asked for', async () => {
  const signIn = vi.fn();
  mockServer.use(answer(draw, TODAY_DRAW), answer(tickets, NO_TICKET), answer(take, MY_TICKET));
  renderFeature(
    <TakeLuckyTicket promotionId={PROMO} startsAt={STARTED} onSignIn={signIn} renderCountdown={() => null} />,
    {
      userId: null,
    },
  );
  expect(screen.getByText('Sign in to pick your lucky number.')).toBeInTheDocument();
  expect(await screen.findByTestId('lucky-draw-time')).toHaveTextContent("Today's draw at 23:00 · tickets: 152");
  expect(screen.queryByRole('textbox')).toBeNull();
  act(() => useGlobalStore.setState({ hostAvailable: true }));
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(signIn).toHaveBeenCalledOnce();
  expect(requestsTo(tickets)).toEqual([]);
  expect(requestsTo(take)).toEqual([]);
});

test('a promotion that started three days ago has tabs from its first day on, and asks for no day before it', async () => {
  mockServer.use(answer(draw, TODAY_DRAW), answer(tickets, MY_TICKET));
  renderFeature(
    <TakeLuckyTicket
      promotionId={PROMO}
      startsAt={Date.UTC(2026, 10, 24, 18) / 1000}
      onSignIn={() => undefined}
      renderCountdown={() => null}
    />,
  );
  const days = await screen.findAllByRole('tab');
  expect(days.map((day) => day.textContent)).toEqual(['27.11', '26.11', '25.11', '24.11']);
  const asked = requestsTo(draw).map((request) => request.query.date_draw ?? '');
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.filter((day) => day < '2026-11-24')).toEqual([]);
});

test("yesterday's results: the winners with their prizes, the player's winning ticket, and the proof checked", async () => {
  mockServer.use(answer(draw, TODAY_DRAW), answer(tickets, MY_TICKET));
  show();
  const days = await screen.findAllByRole('tab');
  expect(days.map((day) => day.textContent)).toEqual(['27.11', '26.11', '25.11', '24.11', '23.11', '22.11', '21.11']);
  expect(screen.getByRole('tab', { name: '27.11' })).toHaveAttribute('aria-selected', 'true');
  expect(await screen.findByText('This draw has not taken place yet.')).toBeInTheDocument();

  mockServer.use(answer(draw, YESTERDAY_DRAW), answer(tickets, YESTERDAY_TICKETS));
  await userEvent.click(screen.getByRole('tab', { name: '26.11' }));
  const winners = await screen.findByTestId('lucky-winners');
  expect(
    within(winners)
      .getAllByRole('listitem')
      .map((winner) => winner.textContent),
  ).toEqual(['1№ 000777Anna K.€100.00 cash', '2№ 004217You (Max P.)€50.00 cash', '3№ 123456Lee W.€10.00 free bet']);
  const panel = screen.getByRole('tabpanel', { name: '26.11' });
  expect(within(panel).getByTestId('lucky-ticket')).toHaveTextContent('№ 004217Won: place 2, €50.00 cash');
  expect(await within(panel).findByTestId('lucky-verified')).toHaveTextContent(
    "Verified fair: the winners follow the draw's seed, published as a hash before the draw.",
  );
  expect(panel).toHaveTextContent(
    `Seed (revealed after the draw); tickets rank by sha256(seed:number)${YESTERDAY_DRAW.seed}`,
  );
  // Today's entry above is untouched.
  expect(screen.getByTestId('lucky-draw-time')).toHaveTextContent("Today's draw at 23:00 · tickets: 152");
});

test('a drawn day whose winners do not follow its seed is not called fair', async () => {
  mockServer.use(answer(draw, TODAY_DRAW), answer(tickets, MY_TICKET));
  show();
  await screen.findByText('This draw has not taken place yet.');
  const [first, second, third] = YESTERDAY_DRAW.winners;
  if (!first || !second || !third) throw new Error('three winners');
  const swapped = [{ ...second, place: 1 }, { ...first, place: 2 }, third];
  mockServer.use(answer(draw, { ...YESTERDAY_DRAW, winners: swapped }), answer(tickets, YESTERDAY_TICKETS));
  await userEvent.click(screen.getByRole('tab', { name: '26.11' }));
  expect(await screen.findByTestId('lucky-verified')).toHaveTextContent('This draw could not be verified.');
});

test("after 20:00 UTC today's draw is done: no entry and no countdown", async () => {
  clockAt(Date.UTC(2026, 10, 27, 21));
  mockServer.use(
    answer(draw, {
      ...TODAY_DRAW,
      status: 'drawn',
      seed: 'draw-2026-11-27-secret',
      winners: [{ place: 1, ticketId: 31, name: 'Anna K.', isMe: false, prize: eur('100') }],
    }),
    answer(tickets, NO_TICKET),
    answer(take, MY_TICKET),
  );
  show();
  expect(await screen.findByTestId('lucky-draw-time')).toHaveTextContent(
    "Today's draw took place at 23:00 · tickets: 152",
  );
  expect(screen.queryByText(/^draw at/)).toBeNull();
  expect(screen.queryByRole('textbox')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Enter the draw' })).toBeNull();
});

test('when the countdown to 20:00 UTC ends, the page asks for the draw again and shows it closed, without a reload', async () => {
  let endCountdown: () => void = () => undefined;
  mockServer.use(answer(draw, TODAY_DRAW), answer(tickets, NO_TICKET), answer(take, MY_TICKET));
  renderFeature(
    <TakeLuckyTicket
      promotionId={PROMO}
      startsAt={STARTED}
      onSignIn={() => undefined}
      renderCountdown={(ms, onEnd) => {
        endCountdown = onEnd;
        return <span>draw at {new Date(ms).toISOString()}</span>;
      }}
    />,
  );
  expect(await screen.findByRole('button', { name: 'Enter the draw' })).toBeInTheDocument();
  const asked = requestsTo(draw).length;

  // The page stays open until 20:00 UTC: the draw has taken place on the server.
  clockAt(Date.UTC(2026, 10, 27, 20));
  mockServer.use(
    answer(draw, {
      ...TODAY_DRAW,
      status: 'drawn',
      seed: 'draw-2026-11-27-secret',
      winners: [{ place: 1, ticketId: 31, name: 'Anna K.', isMe: false, prize: eur('100') }],
    }),
  );
  act(() => endCountdown());
  expect(await screen.findByText("Today's draw took place at 23:00 · tickets: 152")).toBeInTheDocument();
  expect(requestsTo(draw).length).toBeGreaterThan(asked);
  expect(screen.queryByText(/^draw at/)).toBeNull();
  expect(screen.queryByRole('textbox')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Enter the draw' })).toBeNull();
  expect(requestsTo(take)).toEqual([]);
});

test('a server that still calls the draw open when the countdown ends is asked once, not over and over', async () => {
  // The real clock, and the page's own countdown: the draw is a second or two away.
  vi.useRealTimers();
  mockServer.use(...sessionHandlers(7));
  const drawAt = Math.ceil(Date.now() / 1000) + 1;
  mockServer.use(
    answer(draw, { ...TODAY_DRAW, day: new Date().toISOString().slice(0, 10), drawAt }),
    answer(tickets, NO_TICKET),
  );
  renderFeature(
    <TakeLuckyTicket
      promotionId={PROMO}
      startsAt={STARTED}
      onSignIn={() => undefined}
      renderCountdown={(ms, onEnd) => <Countdown targetMs={ms} label="Draw in" onEnd={onEnd} />}
    />,
  );
  expect(await screen.findByRole('button', { name: 'Enter the draw' })).toBeInTheDocument();
  const asked = requestsTo(draw).length;
  // The countdown ends and the draw is asked for again; the server's clock is a little behind.
  await waitFor(() => expect(requestsTo(draw)).toHaveLength(asked + 1), { timeout: 4_000 });
  // The countdown stays at zero a while longer: nothing more is asked.
  const until = Date.now() + 1_500;
  await waitFor(() => expect(Date.now()).toBeGreaterThanOrEqual(until), { timeout: 3_000 });
  expect(requestsTo(draw)).toHaveLength(asked + 1);
  expect(screen.getByRole('timer', { name: 'Draw in' })).toHaveTextContent('00days00hours00minutes00seconds');
}, 10_000);
