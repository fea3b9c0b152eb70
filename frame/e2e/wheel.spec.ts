import { expect, FRAME, openAsAppUser, openSameSiteDemo, PROFILES, signInOnHost, test } from './fixtures.ts';

test('ten rapid presses on Spin make one server spin, shown with its verified proof', async ({ page, newPlayer }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const me = await newPlayer(PROFILES.emirates);
  const frame = await openSameSiteDemo(page, '/promo-frame/en/promotion/spin-wheel');
  await signInOnHost(page, frame, me.login);

  const wheel = frame.getByRole('region', { name: 'Your spins' });
  await wheel.getByRole('button', { name: 'Take part' }).click();
  const left = wheel.getByTestId('spins-left');
  await expect(left).toHaveText('Spins left today: 3');

  const spins: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/wheel/137/spin')) spins.push(request.headers()['idempotency-key'] ?? '');
  });
  const button = wheel.getByRole('button', { name: 'Spin', exact: true });
  await Promise.all(Array.from({ length: 10 }, () => button.click({ force: true, noWaitAfter: true }).catch(() => {})));
  await expect(wheel.getByTestId('wheel-prize')).toBeVisible();
  await expect(wheel.getByTestId('wheel-verified')).toHaveText('Verified fair');
  await expect(left).toHaveText('Spins left today: 2');
  expect(spins).toHaveLength(1);
  expect(spins[0]).toMatch(/^[\w-]{8,}$/);
});

test('a visitor sees the wheel and is told to sign in to spin', async ({ page }) => {
  await page.goto(`${FRAME}/en/promotion/spin-wheel`);
  const wheel = page.getByRole('region', { name: 'Your spins' });
  await expect(wheel).toContainText('Sign in to spin the wheel');
  await expect(wheel.getByRole('button')).toHaveCount(0);
});

test('a wheel that fails to load offers a retry that recovers', async ({ page, context, baseURL, problems }) => {
  problems.allow(/Failed to load resource/);
  // A signed-in app user (app token cookie) so that the wheel asks for the player's state.
  await context.addCookies([{ name: 'app_auth_token', value: 'demo-app-token-player', url: baseURL }]);
  let broken = true;
  await page.route('**/web-api/api/web/promotions/wheel/137', (route) =>
    broken
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' })
      : route.continue(),
  );
  await page.goto(`${FRAME}/en/mobile-app/spin-wheel`);
  const wheel = page.getByRole('region', { name: 'Your spins' });
  await expect(wheel.getByRole('alert')).toHaveText('Could not load the wheel.', { timeout: 15_000 });
  broken = false;
  await wheel.getByRole('button', { name: 'Try again' }).click();
  await expect(wheel.getByRole('button', { name: /^(Take part|Spin)$/ })).toBeVisible();
});

test('a reload while the wheel turns shows the result the server already decided; the counter moves when it stops', async ({
  page,
  baseURL,
  newPlayer,
}) => {
  const me = await newPlayer(PROFILES.uk);
  await openAsAppUser(page, baseURL, me.appToken, 'spin-wheel');
  const wheel = page.getByRole('region', { name: 'Your spins' });
  await wheel.getByRole('button', { name: 'Take part' }).click();
  const left = wheel.getByTestId('spins-left');
  const before = 'Spins left today: 3';
  await expect(left).toHaveText(before);

  const answered = page.waitForResponse((response) => response.url().endsWith('/wheel/137/spin'));
  await wheel.getByRole('button', { name: 'Spin', exact: true }).click();
  const { spins } = (await (await answered).json()) as { spins: Array<{ id: number }> };
  // The wheel turns for a few seconds: the count is still the one from before the spin.
  await expect(left).toHaveText(before);
  await page.reload();
  const popup = page.getByRole('dialog', { name: 'Your prize' });
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId('wheel-popup').locator('li')).toHaveCount(1);
  // Restored after a reload, the page never saw the spin's seed hash published, and says so.
  await expect(popup).toContainText('Each result follows its revealed seed, but not every seed hash was published');
  await popup.getByRole('button', { name: 'Great' }).click();
  // Shown once: another reload is a plain page again.
  await page.reload();
  await expect(left).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Your prize' })).toHaveCount(0);
  expect(spins).toHaveLength(1);
});

test("the hero's Spin the wheel brings the wheel into view and its first control into focus", async ({
  page,
  baseURL,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openAsAppUser(page, baseURL, 'demo-app-token-player', 'spin-wheel');
  const hero = page.locator('article header');
  // The slots, where the free spins are played, stay one press away.
  await expect(hero.getByRole('link', { name: 'Play now' })).toHaveAttribute('href', '/slots');
  const wheel = page.getByRole('region', { name: 'Your spins' });
  const control = wheel.getByRole('button', { name: /^(Take part|Spin)$/ }).first();
  await expect(control).toBeVisible();
  await expect(control).not.toBeInViewport();
  await hero.getByRole('button', { name: 'Spin the wheel' }).click();
  await expect(wheel.getByRole('heading', { name: 'Your spins' })).toBeInViewport();
  await expect(control).toBeFocused();
});

test('a visitor’s Spin the wheel lands on the wheel, which says how to spin', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${FRAME}/en/promotion/spin-wheel`);
  await page.locator('article header').getByRole('button', { name: 'Spin the wheel' }).click();
  const wheel = page.getByRole('region', { name: 'Your spins' });
  await expect(wheel).toBeInViewport();
  await expect(wheel.getByRole('heading', { name: 'Your spins' })).toBeFocused();
});
