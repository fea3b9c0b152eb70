import { SUPPORT_ENDPOINTS } from '@promo/contract';
import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { adjustment, playerView, staff } from '../../test/fixtures.ts';
import { answer, mockServer, refuse, requestsTo, startMockApi } from '../../test/mock-api.ts';
import { renderConsole, signedInAs } from '../../test/render.tsx';

startMockApi();

test('support finds a player by login and reads the wheel prize in the ledger, with its proof', async () => {
  signedInAs(staff('support'));
  mockServer.use(
    answer(SUPPORT_ENDPOINTS.playerSearch, {
      items: [{ id: 7, login: 'de•••r', countryCode: 'CY', createdAt: 1_772_000_000, verified: true }],
    }),
    answer(SUPPORT_ENDPOINTS.player, playerView()),
  );
  const { user } = await renderConsole('/support');
  await user.type(await screen.findByLabelText('Login or player id'), 'demo.player{Enter}');
  const results = await screen.findByRole('region', { name: 'Players found' });
  expect(requestsTo(SUPPORT_ENDPOINTS.playerSearch)[0]?.url.searchParams.get('q')).toBe('demo.player');
  await user.click(within(results).getByRole('link', { name: 'de•••r' }));
  const ledger = await screen.findByRole('region', { name: 'Ledger' });
  const prize = within(ledger).getByText('Wheel prize').closest('tr') as HTMLElement;
  expect(within(prize).getByText('+$5.00')).toBeInTheDocument();
  expect(within(prize).getByText('$105.00')).toBeInTheDocument();
  expect(within(prize).getByText('31')).toBeInTheDocument();
  const spins = screen.getByRole('region', { name: 'Wheel spins' });
  expect(within(spins).getByText('✓ Proof holds')).toBeInTheDocument();
  expect(screen.getByText(/login and operator ids masked for your role/)).toBeInTheDocument();
});

test('an adjustment request: the schema checks the amount, then it is sent once with its key', async () => {
  signedInAs(staff('support'));
  mockServer.use(
    answer(SUPPORT_ENDPOINTS.player, playerView()),
    answer(SUPPORT_ENDPOINTS.adjustmentRequest, (seen) => adjustment({ ...(seen.body as object) })),
  );
  const { user } = await renderConsole('/support/players/7');
  await user.click(await screen.findByRole('button', { name: 'Request an adjustment' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Request an adjustment for de•••r' }));
  await user.type(dialog.getByLabelText('Amount'), 'ten');
  await user.type(dialog.getByLabelText('Reason'), 'Wheel prize not credited');
  await user.click(dialog.getByRole('button', { name: 'Request adjustment' }));
  expect(dialog.getByLabelText('Amount')).toHaveAccessibleDescription(/A decimal number, e.g. 10.50/);
  expect(requestsTo(SUPPORT_ENDPOINTS.adjustmentRequest)).toHaveLength(0);
  await user.clear(dialog.getByLabelText('Amount'));
  await user.type(dialog.getByLabelText('Amount'), '12.50');
  await user.click(dialog.getByRole('button', { name: 'Request adjustment' }));
  expect(await screen.findByText(/Adjustment #41 of \+\$12\.50 requested/)).toBeInTheDocument();
  const [sent] = requestsTo(SUPPORT_ENDPOINTS.adjustmentRequest);
  expect(sent?.body).toEqual({ currencyCode: 'USD', amount: '12.50', reason: 'Wheel prize not credited' });
  expect(sent?.headers.get('idempotency-key')).toMatch(/^adj-[\w-]{36}$/);
});

test("a publisher approves another member's adjustment; their own waits for someone else", async () => {
  signedInAs(staff('publisher', 'demo-publisher'));
  mockServer.use(
    answer(SUPPORT_ENDPOINTS.adjustments, {
      items: [adjustment(), adjustment({ id: 42, requestedBy: 'demo-publisher', amount: '-3.00000000' })],
      next: null,
    }),
    answer(SUPPORT_ENDPOINTS.adjustmentDecide, (seen) =>
      adjustment({ state: 'applied', decidedBy: 'demo-publisher', id: Number(seen.params.id) }),
    ),
  );
  const { user } = await renderConsole('/adjustments');
  const own = (await screen.findByText('-$3.00')).closest('tr') as HTMLElement;
  expect(within(own).getByText('Yours: another member decides')).toBeInTheDocument();
  expect(within(own).queryByRole('button')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Approve 41' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Approve adjustment #41' }));
  expect(dialog.getByText(/\+\$12\.50 for de•••r, requested by demo-support/)).toBeInTheDocument();
  await user.click(dialog.getByRole('button', { name: 'Approve +$12.50' }));
  expect(await screen.findByText('Adjustment #41 applied: +$12.50.')).toBeInTheDocument();
  const [decision] = requestsTo(SUPPORT_ENDPOINTS.adjustmentDecide);
  expect(decision?.body).toEqual({ approve: true });
  expect(decision?.headers.get('idempotency-key')).toMatch(/^decision-/);
});

test("a refused decision shows the server's sentence in the dialog and keeps it open", async () => {
  signedInAs(staff('admin', 'demo-admin'));
  mockServer.use(
    answer(SUPPORT_ENDPOINTS.adjustments, { items: [adjustment()], next: null }),
    refuse(
      SUPPORT_ENDPOINTS.adjustmentDecide,
      409,
      'insufficient_balance',
      'The player’s USD balance does not cover this debit.',
    ),
  );
  const { user } = await renderConsole('/adjustments');
  await user.click(await screen.findByRole('button', { name: 'Reject 41' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Reject adjustment #41' }));
  expect(dialog.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await user.type(dialog.getByLabelText('Why it is rejected'), 'Paid already');
  await user.click(dialog.getByRole('button', { name: 'Reject' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent('The player’s USD balance does not cover this debit.');
  expect(requestsTo(SUPPORT_ENDPOINTS.adjustmentDecide)[0]?.body).toEqual({ approve: false, note: 'Paid already' });
});

test('an editor is not offered player support', async () => {
  signedInAs(staff('editor'));
  await renderConsole('/support');
  expect(await screen.findByRole('heading', { name: 'Player support' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Player support' })).toBeNull();
  expect(screen.queryByLabelText('Login or player id')).toBeNull();
});

test('a promotion credit is adjusted from its row: the request names the credit, in its currency', async () => {
  signedInAs(staff('support'));
  mockServer.use(
    answer(SUPPORT_ENDPOINTS.player, playerView()),
    answer(SUPPORT_ENDPOINTS.adjustmentRequest, (seen) =>
      adjustment({ ...(seen.body as object), credit: { id: 9, promotion: 'no-risk-bet', kind: 'freebet' } }),
    ),
  );
  const { user } = await renderConsole('/support/players/7');
  const credits = await screen.findByRole('region', { name: 'Promotion credits' });
  await user.click(within(credits).getByRole('button', { name: 'Adjust 9' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Adjust promotion credit #9 of de•••r' }));
  expect(dialog.getByText(/no-risk-bet: freebet of \$5\.00/)).toBeInTheDocument();
  expect(dialog.queryByLabelText('Account')).toBeNull();
  await user.type(dialog.getByLabelText('Amount'), '2.50');
  await user.type(dialog.getByLabelText('Reason'), 'Free bet short by 2.50');
  await user.click(dialog.getByRole('button', { name: 'Request adjustment' }));
  await screen.findByText(/Adjustment #41 of \+\$2\.50 requested/);
  expect(requestsTo(SUPPORT_ENDPOINTS.adjustmentRequest)[0]?.body).toEqual({
    currencyCode: 'USD',
    amount: '2.50',
    reason: 'Free bet short by 2.50',
    creditId: 9,
  });
});

test('a masked login is shown after a reason is given, on this page only', async () => {
  signedInAs(staff('support'));
  mockServer.use(
    answer(SUPPORT_ENDPOINTS.player, playerView()),
    answer(SUPPORT_ENDPOINTS.playerReveal, { login: 'demo.player', settlementIds: [] }),
  );
  const { user } = await renderConsole('/support/players/7');
  await user.click(await screen.findByRole('button', { name: 'Show login' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Show the login and operator ids' }));
  expect(dialog.getByRole('button', { name: 'Show' })).toBeDisabled();
  await user.type(dialog.getByLabelText('Why this case needs them'), 'Player called about ticket 4411');
  await user.click(dialog.getByRole('button', { name: 'Show' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'demo.player #7' })).toBeInTheDocument();
  expect(requestsTo(SUPPORT_ENDPOINTS.playerReveal)[0]?.body).toEqual({ reason: 'Player called about ticket 4411' });
  expect(screen.queryByText(/masked for your role/)).toBeNull();
});

test('the queue pages on: Show more asks for what comes after the last row', async () => {
  signedInAs(staff('admin', 'demo-admin'));
  mockServer.use(
    answer(SUPPORT_ENDPOINTS.adjustments, (seen) =>
      seen.url.searchParams.get('after') === '41'
        ? { items: [adjustment({ id: 44, amount: '1.00000000' })], next: null }
        : { items: [adjustment()], next: 41 },
    ),
  );
  const { user } = await renderConsole('/adjustments');
  await screen.findByRole('button', { name: 'Approve 41' });
  await user.click(screen.getByRole('button', { name: 'Show more' }));
  expect(await screen.findByRole('button', { name: 'Approve 44' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  expect(requestsTo(SUPPORT_ENDPOINTS.adjustments).map((seen) => seen.url.searchParams.get('state'))).toEqual([
    'pending',
    'pending',
  ]);
});
