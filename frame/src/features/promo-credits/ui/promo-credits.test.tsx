import { PROMO_CREDIT_ENDPOINTS, type PromoCredits as PromoCreditsState } from '@promo/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import {
  answer,
  failNetwork,
  refuse,
  requestsTo,
  sessionHandlers,
  tableEndpoint,
} from '../../../../mock-api/contract-api.ts';
import { expectOneKey, mockServer, startMockApi } from '../../../../mock-api/node.ts';
import { loadEnglish, renderFeature } from '../../../../mock-api/render.tsx';
import { hostBridge } from '../../../shared/host-bridge/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { PromoCredits } from './promo-credits.tsx';

/** The verification reward (identification-bonus); the player's account is in euros. */
const PROMO_ID = 191;
const credits = tableEndpoint(PROMO_CREDIT_ENDPOINTS.credits, { id: PROMO_ID });
const claim = tableEndpoint(PROMO_CREDIT_ENDPOINTS.claim, { id: PROMO_ID });

const READY: PromoCreditsState = { cover: null, week: null, identity: { verified: true, claimed: false }, items: [] };
const CLAIMED: PromoCreditsState = {
  cover: null,
  week: null,
  identity: { verified: true, claimed: true },
  // 27 November 2025, 10:53 in the host's zone (UTC+3).
  items: [
    {
      id: 41,
      kind: 'freebet',
      amount: '10',
      currencyCode: 'EUR',
      creditedAt: 1_764_230_000,
      reason: 'claim',
      weekOf: null,
    },
  ],
};
const TAKEN_TEXT = '€10.00 free bet is on your account.';

startMockApi(...sessionHandlers(7));
beforeAll(loadEnglish);
afterEach(() => vi.restoreAllMocks());

const show = (
  mechanic: 'identification-bonus' | 'loss-refund' | 'no-risk-bet' | 'double-chance' = 'identification-bonus',
) =>
  renderFeature(
    <PromoCredits
      promotionId={PROMO_ID}
      mechanic={mechanic}
      onSignIn={() => undefined}
      renderLink={() => <a href="/office/identification">Verify my account</a>}
    />,
    { userId: 7, currency: 'EUR' },
  );

/** Presses the claim button and says yes in the question. */
async function takeFreeBet() {
  await userEvent.click(await screen.findByRole('button', { name: 'Take my free bet' }));
  const question = await screen.findByRole('dialog', { name: 'Take your free bet?' });
  expect(question).toHaveTextContent('The free bet is added to your account once and cannot be taken again.');
  await userEvent.click(within(question).getByRole('button', { name: 'Yes, take it' }));
}

test('a verified player takes the free bet: a popup and the host say €10.00, and the history lists it', async () => {
  const sent = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  mockServer.use(answer(credits, READY), answer(claim, CLAIMED));
  show();
  expect(await screen.findByText('Your account is verified: your free bet is ready to take.')).toBeInTheDocument();
  await takeFreeBet();
  const popup = await screen.findByRole('dialog', { name: 'Free bet added' });
  expect(popup).toHaveTextContent(TAKEN_TEXT);
  expect(sent).toHaveBeenCalledWith('notification', { kind: 'win', text: TAKEN_TEXT });
  expect(screen.getByTestId('credits-status')).toHaveTextContent('You have taken your verification free bet.');
  expect(screen.queryByRole('button', { name: 'Take my free bet' })).toBeNull();
  const history = screen.getByRole('list', { name: 'Credited to you' });
  expect(
    within(history)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['27.11.2025: €10.00 free bet for verifying your account']);
  expect(requestsTo(claim)).toHaveLength(1);
});

test('saying no in the question takes nothing', async () => {
  mockServer.use(answer(credits, READY), answer(claim, CLAIMED));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Take my free bet' }));
  const question = await screen.findByRole('dialog', { name: 'Take your free bet?' });
  await userEvent.click(within(question).getByRole('button', { name: 'Not now' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByRole('button', { name: 'Take my free bet' })).toBeEnabled();
  expect(requestsTo(claim)).toEqual([]);
});

test("a refusal shows the server's message, no popup and no host message, and the button stays", async () => {
  const sent = vi.spyOn(hostBridge, 'send').mockImplementation(() => undefined);
  mockServer.use(answer(credits, READY), refuse(claim, 409, 'already_claimed', 'You have taken this reward already.'));
  show();
  await takeFreeBet();
  expect(await screen.findByRole('alert')).toHaveTextContent('You have taken this reward already.');
  expect(screen.queryByRole('dialog', { name: 'Free bet added' })).toBeNull();
  expect(sent).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Take my free bet' })).toBeEnabled();
});

test('a network failure is resent twice, then asks to try again; every attempt carries the same Idempotency-Key', async () => {
  mockServer.use(answer(credits, READY), failNetwork(claim));
  show();
  await takeFreeBet();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('That did not go through. Please try again.');
  expect(screen.queryByRole('dialog', { name: 'Free bet added' })).toBeNull();
  expect(requestsTo(claim)).toHaveLength(3);
  mockServer.use(answer(claim, CLAIMED));
  await takeFreeBet();
  expect(await screen.findByRole('dialog', { name: 'Free bet added' })).toHaveTextContent(TAKEN_TEXT);
  expect(screen.queryByRole('alert')).toBeNull();
  expectOneKey(claim, 4);
});

test('double clicks ask once and take once; the button is busy while the take is under way', async () => {
  mockServer.use(answer(credits, READY), answer(claim, CLAIMED, 300));
  show();
  await userEvent.dblClick(await screen.findByRole('button', { name: 'Take my free bet' }));
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  const question = screen.getByRole('dialog', { name: 'Take your free bet?' });
  await userEvent.dblClick(within(question).getByRole('button', { name: 'Yes, take it' }));
  const busy = screen.getByRole('button', { name: 'Take my free bet' });
  expect(busy).toBeDisabled();
  expect(busy).toHaveAttribute('aria-busy', 'true');
  expect(await screen.findByRole('dialog', { name: 'Free bet added' })).toBeInTheDocument();
  expect(requestsTo(claim)).toHaveLength(1);
});

test('an account not verified yet is told to verify, with the host check, and has nothing to take', async () => {
  mockServer.use(answer(credits, { ...READY, identity: { verified: false, claimed: false } }));
  show();
  expect(await screen.findByText('Verify your account to unlock your free bet.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Verify my account' })).toHaveAttribute('href', '/office/identification');
  expect(screen.queryByRole('button', { name: 'Take my free bet' })).toBeNull();
});

test("the loss refund shows the running week's figures in the player's currency and the credited weeks", async () => {
  mockServer.use(
    answer(credits, {
      cover: null,
      // Monday 24 November to Monday 1 December 2025 (UTC).
      week: {
        from: 1_763_942_400,
        to: 1_764_547_200,
        staked: '120.50',
        returned: '45.25',
        netLoss: '75.25',
        refund: '7.53',
        currencyCode: 'EUR',
      },
      identity: null,
      items: [
        {
          id: 9,
          kind: 'freebet',
          amount: '12.4',
          currencyCode: 'EUR',
          creditedAt: 1_763_420_000,
          reason: 'week',
          weekOf: 1_762_732_800,
        },
      ],
    }),
  );
  show('loss-refund');
  const week = await screen.findByTestId('credits-week');
  const terms = within(week).getAllByRole('term');
  const figures = terms.map((term, index) => [
    term.textContent,
    within(week).getAllByRole('definition')[index]?.textContent,
  ]);
  expect(figures).toEqual([
    ['Staked this week', '€120.50'],
    ['Returned', '€45.25'],
    ['Net loss', '€75.25'],
    ['Refund on 01.12 if the week ended now', '€7.53'],
  ]);
  expect(screen.getByRole('listitem')).toHaveTextContent('Week of 10.11: €12.40 free bet back from your net loss');
  expect(screen.queryByRole('button')).toBeNull();
});

test('the risk-free bet says where the covered single stands; double chance lists its refunds', async () => {
  mockServer.use(
    answer(credits, {
      cover: 'refunded',
      week: null,
      identity: null,
      items: [
        {
          id: 3,
          kind: 'freebet',
          amount: '5',
          currencyCode: 'USD',
          creditedAt: 1_764_230_000,
          reason: 'cover',
          weekOf: null,
        },
      ],
    }),
  );
  const view = show('no-risk-bet');
  expect(await screen.findByTestId('credits-status')).toHaveTextContent(
    'Your covered single lost: its stake came back as a free bet.',
  );
  expect(screen.getByRole('listitem')).toHaveTextContent(
    '27.11.2025: $5.00 free bet, the stake of your covered single',
  );
  view.unmount();

  mockServer.use(answer(credits, { cover: null, week: null, identity: null, items: [] }));
  show('double-chance');
  expect(await screen.findByTestId('credits-status')).toHaveTextContent(
    'No accumulator has lost by a single selection yet.',
  );
  expect(screen.queryByRole('list')).toBeNull();
});

test('a visitor is asked to sign in, the button asks the page to sign in, and nothing is requested', async () => {
  const signIn = vi.fn();
  renderFeature(
    <PromoCredits promotionId={PROMO_ID} mechanic="identification-bonus" onSignIn={signIn} renderLink={() => null} />,
    { userId: null },
  );
  act(() => useGlobalStore.setState({ hostAvailable: true }));
  expect(screen.getByText('Sign in to see what this promotion has credited you.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(signIn).toHaveBeenCalledOnce();
  expect(requestsTo(credits)).toEqual([]);
  expect(screen.queryByRole('button', { name: 'Take my free bet' })).toBeNull();
});

test('credits that fail to load show a retry that loads them', async () => {
  mockServer.use(failNetwork(credits));
  show();
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your credits.');
  mockServer.use(answer(credits, READY));
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('button', { name: 'Take my free bet' })).toBeEnabled();
  expect(screen.queryByRole('alert')).toBeNull();
});
