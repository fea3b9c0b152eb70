import { expect, FRAME, openSameSiteDemo, signInOnHost, test } from './fixtures.ts';

test('ten rapid presses on Spin make one server spin, shown with its verified proof', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const frame = await openSameSiteDemo(page, '/promo-frame/en/promotion/spin-wheel');
  await signInOnHost(page, frame, 'demo.arabic');

  const wheel = frame.getByRole('region', { name: 'Your spins' });
  // A retried run finds the player already taking part.
  await expect(wheel.getByRole('button', { name: /^(Take part|Spin)$/ })).toBeVisible();
  const join = wheel.getByRole('button', { name: 'Take part' });
  if (await join.isVisible()) await join.click();
  const left = wheel.getByTestId('spins-left');
  await expect(left).toHaveText(/Spins left today: \d/);
  const before = Number((await left.textContent())?.match(/\d+/)?.[0]);

  const spins: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/wheel/137/spin')) spins.push(request.headers()['idempotency-key'] ?? '');
  });
  const button = wheel.getByRole('button', { name: 'Spin', exact: true });
  await Promise.all(Array.from({ length: 10 }, () => button.click({ force: true, noWaitAfter: true }).catch(() => {})));
  await expect(wheel.getByTestId('wheel-prize')).toBeVisible();
  await expect(wheel.getByTestId('wheel-verified')).toHaveText('Verified fair');
  await expect(left).toHaveText(before - 1 > 0 ? `Spins left today: ${before - 1}` : /No spins left/);
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
