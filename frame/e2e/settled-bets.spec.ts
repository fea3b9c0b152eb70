import {
  expect,
  FRAME,
  OPERATOR_AUTH,
  openAsAppUser,
  PROFILES,
  postSettledBet,
  recordRequests,
  test,
} from './fixtures.ts';

test('the risk-free bet and double chance show what the player’s settled bets earned', async ({ page, baseURL }) => {
  // demo.player's history (seeded through the operator feed): the first single lost, and an
  // accumulator lost by one selection.
  await openAsAppUser(page, baseURL, 'demo-app-token-player', 'no-risk-bet');
  const box = page.getByRole('region', { name: 'Your account in this promotion' });
  await expect(box.getByTestId('credits-status')).toHaveText(
    'Your covered single lost: its stake came back as a free bet.',
  );
  await expect(box.getByTestId('credits-items')).toHaveText(
    /^\d\d\.\d\d\.\d{4}: \$10\.00 free bet, the stake of your covered single$/,
  );

  await page.goto(`${FRAME}/en/promotion/double-chance`);
  await expect(box.getByTestId('credits-status')).toHaveText(
    'Accumulators that lost by one selection gave their stake back:',
  );
  await expect(box.getByTestId('credits-items')).toContainText('$5.00 free bet, an accumulator lost by one selection');

  await page.goto(`${FRAME}/en/promotion/loss-refund-bet`);
  const week = box.getByTestId('credits-week');
  await expect(week).toContainText('Staked this week');
  await expect(week).toContainText(/Refund on \d\d\.\d\d if the week ended now\$\d+\.\d\d/);
});

test('a visitor is asked to sign in to see the credits', async ({ page }) => {
  await page.goto(`${FRAME}/en/promotion/no-risk-bet`);
  await expect(page.getByRole('region', { name: 'Your account in this promotion' })).toContainText(
    'Sign in to see what this promotion has credited you.',
  );
});

test('the verification reward: locked until the operator verifies the account, then taken once after a confirmation', async ({
  page,
  baseURL,
  request,
  newPlayer,
}) => {
  const me = await newPlayer(PROFILES.dollar);
  await openAsAppUser(page, baseURL, me.appToken, 'identification-bonus');
  const box = page.getByRole('region', { name: 'Your account in this promotion' });
  await expect(box.getByTestId('credits-status')).toContainText('Verify your account to unlock your free bet.');
  await expect(box.getByRole('link', { name: 'Verify my account' })).toHaveAttribute(
    'href',
    /\/office\/identification$/,
  );

  // The host's office verifies the player; the operator tells the reference server.
  const verified = await request.put(`/operator-api/v1/players/${me.playerId}/identity`, {
    headers: OPERATOR_AUTH,
    data: { verified: true },
  });
  expect(verified.status()).toBe(200);
  await page.reload();

  const take = box.getByRole('button', { name: 'Take my free bet' });
  const claims = recordRequests(page, `/claim`);
  // Asked first: "Not now" takes nothing.
  await take.click();
  const confirm = page.getByRole('dialog', { name: 'Take your free bet?' });
  await expect(confirm).toContainText('The free bet is added to your account once and cannot be taken again.');
  await confirm.getByRole('button', { name: 'Not now' }).click();
  await expect(confirm).toBeHidden();
  await expect(take).toBeFocused();
  expect(claims).toHaveLength(0);
  // Escape is a no too.
  await take.click();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  expect(claims).toHaveLength(0);

  await take.click();
  await confirm.getByRole('button', { name: 'Yes, take it' }).click();
  const done = page.getByRole('dialog', { name: 'Free bet added' });
  await expect(done).toContainText('$10.00 free bet is on your account.');
  expect(claims).toHaveLength(1);
  await done.getByRole('button', { name: 'Great' }).click();
  await expect(box.getByTestId('credits-status')).toHaveText('You have taken your verification free bet.');
  await expect(box.getByTestId('credits-items')).toContainText('$10.00 free bet for verifying your account');
  await expect(take).toHaveCount(0);
});

test('the weekly jackpot grows with a settled bet, which is one more ticket; past draws name their winner and seed', async ({
  page,
  baseURL,
  request,
  newPlayer,
}) => {
  const me = await newPlayer(PROFILES.dollar);
  await openAsAppUser(page, baseURL, me.appToken, 'jackpot-of-week');
  const box = page.getByRole('region', { name: "This week's jackpot" });
  const amount = box.getByTestId('jackpot-amount');
  await expect(amount).toHaveText(/^\$\d{2},\d{3}\.\d\d$/);
  await expect(box.getByRole('timer')).toContainText('Draw in');
  await expect(box.getByTestId('jackpot-mine')).toHaveText('0');
  const before = Number((await amount.textContent())?.replace(/[$,]/g, ''));
  const tickets = Number(await box.getByTestId('jackpot-tickets').textContent());
  await expect(box.getByTestId('jackpot-past').getByRole('listitem').first()).toContainText(/Won by \S+\*\*\*/);

  await postSettledBet(request, { playerId: me.playerId, currency: 'USD', stake: '50.00', odds: '2.00', payout: '0' });
  await page.reload();
  await expect(box.getByTestId('jackpot-mine')).toHaveText('1');
  await expect(box.getByTestId('jackpot-tickets')).toHaveText(String(tickets + 1));
  // 1% of the $50 stake.
  await expect(amount).toHaveText(`$${(before + 0.5).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  await box.getByText('Check the draw').first().click();
  await expect(box.getByText('Seed hash, published before the draw').first()).toBeVisible();
});
