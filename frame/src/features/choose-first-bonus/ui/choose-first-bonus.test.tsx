import { type Balance, BONUS_ENDPOINTS, USER_ENDPOINTS, type WelcomeBonus, type WelcomeOffer } from '@promo/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { z } from 'zod/mini';
import {
  answer,
  ENDPOINTS,
  failNetwork,
  refuse,
  requestsTo,
  sessionHandlers,
  tableEndpoint,
} from '../../../../mock-api/contract-api.ts';
import { mockServer, startMockApi } from '../../../../mock-api/node.ts';
import { loadEnglish, renderFeature } from '../../../../mock-api/render.tsx';
import { apiUrl } from '../../../shared/api/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { ChooseFirstBonus } from './choose-first-bonus.tsx';

const offers = tableEndpoint(BONUS_ENDPOINTS.welcomeBonus);
const getChoice = tableEndpoint(BONUS_ENDPOINTS.getFirstBonus);
const setChoice = tableEndpoint(BONUS_ENDPOINTS.setFirstBonus);
const balance = tableEndpoint(USER_ENDPOINTS.balance);

/** The player's accounts: the euro one is active (the site's geo currency is the dollar). */
const ACCOUNTS: Balance = {
  accounts: [
    { id: 1, currencyCode: 'USD', amount: '0.00', active: false },
    { id: 2, currencyCode: 'EUR', amount: '0.00', active: true },
  ],
};
/** The welcome offers as the server words them in a currency: sport 100% up to 100, casino 120% up to 500 + 150 spins. */
const offersIn = (currencyCode: string, scale = 1): WelcomeBonus => {
  const sport: WelcomeOffer = {
    bonusId: 1,
    percent: 100,
    maxAmount: `${100 * scale}.00`,
    currencyCode,
    freespins: 0,
    wager: 10,
  };
  const casino: WelcomeOffer = {
    bonusId: 2,
    percent: 120,
    maxAmount: `${500 * scale}.00`,
    currencyCode,
    freespins: 150,
    wager: 35,
  };
  return { offers: [sport, casino] };
};
const OFFERS: Record<string, WelcomeBonus> = {
  USD: offersIn('USD', 1),
  EUR: offersIn('EUR', 1),
  GBP: offersIn('GBP', 2),
};

/** welcome-bonus answers in the currency the frame asks for (?currency=), as the server does. */
const offersHandler = http.get(apiUrl(offers.path), ({ request }) => {
  const asked = new URL(request.url).searchParams.get('currency') ?? 'USD';
  const body = OFFERS[asked];
  return body
    ? HttpResponse.json(z.parse(offers.response, body))
    : HttpResponse.json(
        { statusCode: 400, error: 'unknown_currency', message: 'This currency is not known.' },
        {
          status: 400,
        },
      );
});

const NOTHING_YET = { success: true, bonus_id: null } as const;
const CASINO_CHOSEN = { success: true, bonus_id: 2 } as const;

startMockApi(...sessionHandlers(7), answer(balance, ACCOUNTS), offersHandler);
beforeAll(loadEnglish);
afterEach(() => vi.restoreAllMocks());

const show = () => renderFeature(<ChooseFirstBonus onRegister={() => undefined} />, { userId: 7, currency: 'USD' });

const card = (name: RegExp) => screen.findByRole('button', { name });
const SPORT = /^Sports bonus/;
const CASINO = /^Casino bonus/;
const NONE = /^No bonus/;

/** Presses a card and confirms the question. */
async function choose(name: RegExp, question: string) {
  await userEvent.click(await card(name));
  const dialog = await screen.findByRole('dialog', { name: 'Choose this welcome bonus?' });
  expect(dialog).toHaveTextContent(question);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, choose it' }));
}
const CASINO_QUESTION =
  'The casino bonus will be added to your first deposit. You can change your choice until you deposit.';

test('a player sees the offers in their currency, chooses the casino bonus after confirming, and sees it chosen', async () => {
  mockServer.use(answer(getChoice, NOTHING_YET), answer(setChoice, CASINO_CHOSEN));
  show();
  expect(
    screen.getByText('Your first deposit gets the bonus you pick here. You can change it until then.'),
  ).toBeVisible();
  const casino = await card(/^Casino bonus120% up to €500\.00\+ 150 free spinsWager ×35$/);
  const sport = await card(/^Sports bonus100% up to €100\.00Wager ×10$/);
  const none = await card(/^No bonusDeposit without a bonus and withdraw without wagering\.$/);
  for (const button of [sport, casino, none]) expect(button).toHaveAttribute('aria-pressed', 'false');
  expect(screen.queryByText('Selected')).toBeNull();
  await choose(CASINO, CASINO_QUESTION);
  const popup = await screen.findByRole('dialog', { name: 'Bonus chosen' });
  expect(popup).toHaveTextContent('Your first deposit will get the casino bonus and free spins.');
  expect(await card(CASINO)).toHaveAttribute('aria-pressed', 'true');
  expect(within(await card(CASINO)).getByText('Selected')).toBeInTheDocument();
  expect(await card(SPORT)).toHaveAttribute('aria-pressed', 'false');
  expect(await card(NONE)).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getAllByText('Selected')).toHaveLength(1);
  const sent = requestsTo(setChoice);
  expect(sent).toHaveLength(1);
  expect(sent[0]?.body).toEqual({ bonus_id: 2 });
  expect(sent[0]?.idempotencyKey).toMatch(/^[\w-]{8,}$/);
});

test('"Not now" in the question chooses nothing and sends nothing', async () => {
  mockServer.use(answer(getChoice, NOTHING_YET), answer(setChoice, CASINO_CHOSEN));
  show();
  await userEvent.click(await card(CASINO));
  const dialog = await screen.findByRole('dialog', { name: 'Choose this welcome bonus?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(await card(CASINO)).toHaveAttribute('aria-pressed', 'false');
  expect(screen.queryByText('Selected')).toBeNull();
  expect(requestsTo(setChoice)).toEqual([]);
});

test('the bonus chosen before is shown as chosen; pressing it again asks nothing, and another can be chosen instead', async () => {
  mockServer.use(answer(getChoice, { success: true, bonus_id: 1 }), answer(setChoice, { success: true, bonus_id: 0 }));
  show();
  const sport = await screen.findByRole('button', { name: /^Sports bonus.*Selected$/ });
  expect(sport).toHaveAttribute('aria-pressed', 'true');
  expect(await card(CASINO)).toHaveAttribute('aria-pressed', 'false');
  await userEvent.click(sport);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(requestsTo(setChoice)).toEqual([]);
  await choose(NONE, 'Your first deposit will have no bonus. You can change your choice until you deposit.');
  expect(await screen.findByRole('dialog', { name: 'Bonus chosen' })).toHaveTextContent(
    'Your first deposit will be made without a bonus.',
  );
  expect(await card(NONE)).toHaveAttribute('aria-pressed', 'true');
  expect(await card(SPORT)).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getAllByText('Selected')).toHaveLength(1);
  expect(requestsTo(setChoice).map((request) => request.body)).toEqual([{ bonus_id: 0 }]);
});

test("a refusal shows the server's message and chooses nothing", async () => {
  mockServer.use(
    answer(getChoice, NOTHING_YET),
    refuse(setChoice, 429, 'rate_limited', 'Too many requests. Wait a moment and try again.'),
  );
  show();
  await choose(CASINO, CASINO_QUESTION);
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Wait a moment and try again.');
  expect(screen.queryByRole('dialog', { name: 'Bonus chosen' })).toBeNull();
  expect(await card(CASINO)).toHaveAttribute('aria-pressed', 'false');
  expect(screen.queryByText('Selected')).toBeNull();
  expect(requestsTo(setChoice)).toHaveLength(1);
});

test('a network failure is resent twice, then asks to try again; the next choice goes with the same Idempotency-Key', async () => {
  mockServer.use(answer(getChoice, NOTHING_YET), failNetwork(setChoice));
  show();
  await choose(CASINO, CASINO_QUESTION);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('That did not go through. Please try again.');
  expect(screen.queryByRole('dialog', { name: 'Bonus chosen' })).toBeNull();
  expect(await card(CASINO)).toHaveAttribute('aria-pressed', 'false');
  mockServer.use(answer(setChoice, CASINO_CHOSEN));
  await choose(CASINO, CASINO_QUESTION);
  expect(await screen.findByRole('dialog', { name: 'Bonus chosen' })).toHaveTextContent(
    'Your first deposit will get the casino bonus and free spins.',
  );
  expect(await card(CASINO)).toHaveAttribute('aria-pressed', 'true');
  expect(screen.queryByRole('alert')).toBeNull();
  const sent = requestsTo(setChoice);
  expect(sent).toHaveLength(4);
  expect(new Set(sent.map((request) => request.idempotencyKey)).size).toBe(1);
  expect(sent[0]?.idempotencyKey).toMatch(/^[\w-]{8,}$/);
  for (const request of sent) expect(request.body).toEqual({ bonus_id: 2 });
});

test('a double click on a card asks once, a double click on the answer sends one choice; the cards are busy meanwhile', async () => {
  mockServer.use(answer(getChoice, NOTHING_YET), answer(setChoice, CASINO_CHOSEN, 300));
  show();
  await userEvent.dblClick(await card(CASINO));
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  const dialog = screen.getByRole('dialog', { name: 'Choose this welcome bonus?' });
  await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Yes, choose it' }));
  for (const name of [SPORT, CASINO, NONE]) expect(await card(name)).toHaveAttribute('aria-disabled', 'true');
  expect(await screen.findByRole('dialog', { name: 'Bonus chosen' })).toBeInTheDocument();
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  expect(requestsTo(setChoice)).toHaveLength(1);
  expect(await card(CASINO)).toHaveAttribute('aria-pressed', 'true');
  expect(await card(CASINO)).not.toHaveAttribute('aria-disabled');
});

test('while a choice is being saved the other cards ask nothing and send nothing; the choice made is the one shown', async () => {
  mockServer.use(answer(getChoice, NOTHING_YET), answer(setChoice, CASINO_CHOSEN, 500));
  show();
  await choose(CASINO, CASINO_QUESTION);
  const sport = await card(SPORT);
  expect(sport).toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByRole('region', { name: 'Choose your welcome bonus' })).toHaveAttribute('aria-busy', 'true');
  await userEvent.click(sport);
  await userEvent.click(await card(NONE));
  expect(screen.queryByRole('dialog', { name: 'Choose this welcome bonus?' })).toBeNull();
  expect(await screen.findByRole('dialog', { name: 'Bonus chosen' })).toHaveTextContent(
    'Your first deposit will get the casino bonus and free spins.',
  );
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  expect(requestsTo(setChoice).map((request) => request.body)).toEqual([{ bonus_id: 2 }]);
  expect(await card(CASINO)).toHaveAttribute('aria-pressed', 'true');
  expect(within(await card(CASINO)).getByText('Selected')).toBeInTheDocument();
  expect(await card(SPORT)).toHaveAttribute('aria-pressed', 'false');
  expect(await card(SPORT)).not.toHaveAttribute('aria-disabled');
  expect(screen.getByRole('region', { name: 'Choose your welcome bonus' })).not.toHaveAttribute('aria-busy');
});

test('a visitor sees the offers in the site currency and a pick goes to registration, with nothing sent', async () => {
  const register = vi.fn();
  renderFeature(<ChooseFirstBonus onRegister={register} />, { userId: null, currency: 'GBP' });
  act(() => useGlobalStore.setState({ hostAvailable: true }));
  expect(screen.getByText('Pick a bonus and register: it is added to your first deposit.')).toBeVisible();
  const casino = await card(/^Casino bonus120% up to £1,000\.00\+ 150 free spinsWager ×35$/);
  expect(await card(/^Sports bonus100% up to £200\.00/)).toBeEnabled();
  expect(casino).not.toHaveAttribute('aria-pressed');
  await userEvent.click(casino);
  expect(register).toHaveBeenCalledExactlyOnceWith(2);
  await userEvent.click(await card(NONE));
  expect(register).toHaveBeenLastCalledWith(0);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(requestsTo(setChoice)).toEqual([]);
  expect(requestsTo(getChoice)).toEqual([]);
  expect(requestsTo(ENDPOINTS.token)).toEqual([]);
});

test('a visitor outside the host site is told where to choose, and the cards cannot be pressed', async () => {
  const register = vi.fn();
  renderFeature(<ChooseFirstBonus onRegister={register} />, { userId: null, currency: 'USD' });
  expect(await screen.findByText('Open this page on our site to choose a bonus.')).toBeVisible();
  const casino = await card(/^Casino bonus120% up to \$500\.00/);
  expect(casino).toBeDisabled();
  expect(await card(NONE)).toBeDisabled();
  await userEvent.click(casino);
  expect(register).not.toHaveBeenCalled();
});

test('offers that fail to load show a retry that loads them', async () => {
  mockServer.use(answer(getChoice, NOTHING_YET), failNetwork(offers));
  show();
  expect(await screen.findByText('Could not load the bonus offers.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: CASINO })).toBeNull();
  mockServer.use(offersHandler);
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await card(/^Casino bonus120% up to €500\.00/)).toBeEnabled();
  expect(screen.queryByText('Could not load the bonus offers.')).toBeNull();
});
