import type { Page } from '@playwright/test';
import { analyticsEvents, expect, FRAME, openAsAppUser, PROFILES, recordRequests, test } from './fixtures.ts';

async function pressTenTimes(locator: ReturnType<Page['getByRole']>) {
  await Promise.all(
    Array.from({ length: 10 }, () => locator.click({ force: true, noWaitAfter: true }).catch(() => {})),
  );
}

test('a visitor in a host picks a welcome bonus: the registration message carries the choice and how to keep the credentials', async ({
  page,
  baseURL,
}) => {
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://localhost:${port}/demo-host/?path=/promo-frame/en/promotion/casino-sport-welcome-bonus`);
  const frame = page.frameLocator('#promo-frame');
  const box = frame.getByRole('region', { name: 'Choose your welcome bonus' });
  await expect(box.getByRole('button', { name: /Sports bonus/ })).toContainText('100% up to $100.00');
  await box.getByRole('button', { name: /Casino bonus/ }).click();
  const message = page.locator('#message-log li[data-direction="in"][data-type="registration"]');
  await expect(message).toHaveCount(1);
  // One-click: the operator's registration settings keep the made-up login and password in a file (0).
  await expect(message).toContainText('{"type":"registration","data":{"bonusChoice":2,"credentialsSave":0},"v":1}');
});

test('a player chooses the first bonus once per press; the server keeps the choice', async ({
  page,
  baseURL,
  newPlayer,
}) => {
  await openAsAppUser(page, baseURL, (await newPlayer(PROFILES.emirates)).appToken, 'casino-sport-welcome-bonus');
  const box = page.getByRole('region', { name: 'Choose your welcome bonus' });
  const casino = box.getByRole('button', { name: /Casino bonus/ });
  const sport = box.getByRole('button', { name: /Sports bonus/ });
  await expect(casino).toContainText('+ 150 free spins');
  const sets = recordRequests(page, '/promotions/SetTypeFirstBonus');
  // A new player has chosen nothing yet.
  await expect(casino).toHaveAttribute('aria-pressed', 'false');
  await expect(sport).toHaveAttribute('aria-pressed', 'false');
  const [first, second] = [casino, sport];
  await pressTenTimes(first);
  // Asked once, however many presses: one question, then one choice.
  const question = page.getByRole('dialog', { name: 'Choose this welcome bonus?' });
  await expect(question).toContainText('You can change your choice until you deposit.');
  expect(sets).toHaveLength(0);
  await question.getByRole('button', { name: 'Yes, choose it' }).click();
  const popup = page.getByRole('dialog', { name: 'Bonus chosen' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Great' }).click();
  await expect(popup).toBeHidden();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  expect(sets).toHaveLength(1);
  expect(sets[0]?.headers()['idempotency-key']).toMatch(/^[\w-]{8,}$/);

  // "Not now" leaves the choice as it is.
  await second.click();
  await question.getByRole('button', { name: 'Not now' }).click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  expect(sets).toHaveLength(1);
  await second.click();
  await question.getByRole('button', { name: 'Yes, choose it' }).click();
  await page.getByRole('dialog', { name: 'Bonus chosen' }).getByRole('button', { name: 'Close' }).click();
  // Opened afresh, the page reads the choice back from the server (GetTypeFirstBonus).
  await page.goto(`${FRAME}/en/mobile-app/casino-sport-welcome-bonus`);
  await expect(box.getByRole('button', { name: /Sports bonus/ })).toHaveAttribute('aria-pressed', 'true');
  expect(new Set(sets.map((request) => request.headers()['idempotency-key'])).size).toBe(2);
});

test('the daily free bet is taken once: ten presses, one question, one take, a popup, then the wait for tomorrow', async ({
  page,
  baseURL,
  newPlayer,
}) => {
  await openAsAppUser(page, baseURL, (await newPlayer(PROFILES.euro)).appToken, 'daily-bonus');
  const box = page.getByRole('region', { name: 'Daily gift' });
  const freebet = box.getByRole('button', { name: /Free bet/ });
  // Five dollars at 0.92 euros per dollar.
  await expect(freebet).toContainText('€4.60');
  const takes = recordRequests(page, '/take-freebet');
  const events = analyticsEvents(page);
  await expect(freebet).toBeEnabled();
  await pressTenTimes(freebet);
  // Asked once; Escape takes nothing; confirmed, one take.
  const question = page.getByRole('dialog', { name: "Take today's gift?" });
  await expect(question).toContainText('A free bet of €4.60 goes to your account. There is one gift a day');
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  expect(takes).toHaveLength(0);
  await freebet.click();
  await question.getByRole('button', { name: 'Yes, take it' }).click();
  const popup = page.getByRole('dialog', { name: 'Gift taken' });
  await expect(popup).toContainText('A free bet of €4.60 is in your account.');
  await popup.getByRole('button', { name: 'Great' }).click();
  expect(takes).toHaveLength(1);
  await expect
    .poll(() => events.map((event) => `${event.name}:${event.payload.modal ?? ''}`))
    .toEqual(expect.arrayContaining(['modal_open:daily-bonus-taken', 'modal_close:daily-bonus-taken']));
  await expect(freebet).toHaveAttribute('aria-pressed', 'true');
  await expect(freebet).toBeDisabled();
  await expect(box.getByRole('button', { name: /Free spins/ })).toBeDisabled();
  await expect(box.getByTestId('daily-next')).toContainText('Next gift in');
});

test('a visitor reads the leaderboard: pages of ten, ranked by points, and the ticket ratings', async ({ page }) => {
  await page.goto(`${FRAME}/en/promotion/daily-tournament`);
  const board = page.getByRole('region', { name: 'Leaderboard' });
  const rows = board.getByRole('tabpanel').locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toHaveAttribute('data-place', '1');
  await expect(board).toContainText('Sign in to take part and see your place.');
  await expect(board.getByTestId('tournament-page')).toHaveText(/^Page 1 of \d+$/);
  await board.getByRole('button', { name: 'Next' }).click();
  await expect(rows.first()).toHaveAttribute('data-place', '11');
  await expect(board.getByTestId('tournament-page')).toHaveText(/^Page 2 of/);
  // The tabs follow the keyboard: the arrow moves to the next view and selects it.
  await board.getByRole('tab', { name: 'Tournament' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(board.getByRole('tab', { name: 'Tickets today' })).toBeFocused();
  await expect(board.getByRole('tab', { name: 'Tickets today' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows.first()).toHaveAttribute('data-place', '1');
  await expect(board.getByRole('columnheader', { name: 'Tickets' })).toBeVisible();
});

test('a player takes part once and finds their row; a player from a restricted country is told why', async ({
  page,
  baseURL,
  newPlayer,
}) => {
  const me = await newPlayer(PROFILES.dollar);
  await openAsAppUser(page, baseURL, me.appToken, 'crash-tournament');
  const board = page.getByRole('region', { name: 'Leaderboard' });
  const joins = recordRequests(page, '/participatetournament/135');
  const join = board.getByRole('button', { name: 'Take part' });
  await pressTenTimes(join);
  const popup = page.getByRole('dialog', { name: "You're in!" });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  expect(joins).toHaveLength(1);
  const mine = board.getByTestId('tournament-mine');
  await expect(mine).toContainText('Your place');
  const place = Number(await mine.locator('dd').first().textContent());
  // The player's own row is on the page that holds their place, marked as theirs.
  const pageOfPlace = Math.ceil(place / 10);
  for (let i = 1; i < pageOfPlace; i += 1) await board.getByRole('button', { name: 'Next' }).click();
  // Names are masked: the login's first two and last two characters.
  await expect(board.locator(`tbody tr[data-place="${place}"]`)).toContainText(
    `You (${me.login.slice(0, 2)}***${me.login.slice(-2)})`,
  );

  await page.context().clearCookies();
  await openAsAppUser(page, baseURL, (await newPlayer(PROFILES.uk)).appToken, 'crash-tournament');
  await expect(page.getByRole('region', { name: 'Leaderboard' })).toContainText(
    'Tournaments are not available in your country.',
  );
});

test('an ended tournament shows its final table and no way to join', async ({ page }) => {
  await page.goto(`${FRAME}/en/promotion/mlb-2024`);
  await expect(page.getByRole('status').filter({ hasText: 'This promotion has ended' })).toBeVisible();
  const board = page.getByRole('region', { name: 'Leaderboard' });
  await expect(board.getByRole('tabpanel').locator('tbody tr')).toHaveCount(10);
  await expect(board.getByRole('button', { name: 'Take part' })).toHaveCount(0);
});

test('spin all spends every spin left in one call; the popup lists each prize, verified; history keeps them', async ({
  page,
  baseURL,
  newPlayer,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openAsAppUser(page, baseURL, (await newPlayer(PROFILES.euro)).appToken, 'spin-wheel');
  const wheel = page.getByRole('region', { name: 'Your spins' });
  await wheel.getByRole('button', { name: 'Take part' }).click();
  await expect(wheel.getByTestId('spins-left')).toHaveText('Spins left today: 3');
  const calls = recordRequests(page, '/wheel/137/spin/all');
  await pressTenTimes(wheel.getByRole('button', { name: 'Spin all (3)' }));
  const popup = page.getByRole('dialog', { name: 'Your prizes' });
  await expect(popup.getByTestId('wheel-popup').locator('li')).toHaveCount(3);
  // Only the first spin's seed hash is published before the press (the server makes the next seeds
  // in the call): the popup says so instead of claiming all three verified.
  await expect(popup).toContainText(
    'Each result follows its revealed seed, but not every seed hash was published on this page before the spin',
  );
  await expect(popup.getByText('Seed hash published before the spin')).toHaveCount(1);
  await popup.getByRole('button', { name: 'Great' }).click();
  expect(calls).toHaveLength(1);
  await expect(wheel.getByTestId('spins-left')).toHaveText('No spins left today. Come back tomorrow!');
  // The next spins come at 00:00 UTC: the countdown says how long until then.
  const next = wheel.getByRole('timer', { name: 'Free spins again in' });
  await expect(next).toBeVisible();
  const msToMidnight = (Math.floor(Date.now() / 86_400_000) + 1) * 86_400_000 - Date.now();
  // Days, hours, minutes, seconds: the hours are the second unit.
  const hours = Number(((await next.locator('li').nth(1).textContent()) ?? '').match(/\d+/)?.[0]);
  expect(Math.abs(hours - Math.floor(msToMidnight / 3_600_000))).toBeLessThanOrEqual(1);
  await wheel.getByText('Your last spins').click();
  await expect(wheel.getByTestId('wheel-history').locator('li')).toHaveCount(3);
});

test('lucky day: a player enters one lucky number, sees it pending, and reads past draws', async ({
  page,
  baseURL,
  newPlayer,
}) => {
  await openAsAppUser(page, baseURL, (await newPlayer(PROFILES.emirates)).appToken, 'luckyday');
  const box = page.getByRole('region', { name: 'Daily lucky draw' });
  await expect(box.getByText(/^Today's draw (at|took place at) \d\d:\d\d/)).toBeVisible();
  const number = box.getByLabel('Your lucky number (1–999999)');
  const ticket = box.getByTestId('lucky-ticket');
  await expect(number.or(ticket).or(box.getByText(/took place/))).toBeVisible();
  if (await number.isVisible()) {
    // Entries close at 20:00 UTC; before that the player picks a number and enters once.
    const takes = recordRequests(page, '/external-api/promotions/ticket');
    await number.fill('4x2');
    await expect(number).toHaveValue('42');
    await number.fill('124242');
    await pressTenTimes(box.getByRole('button', { name: 'Enter the draw' }));
    const popup = page.getByRole('dialog', { name: "You're in the draw" });
    await expect(popup).toContainText('№ 124242');
    await popup.getByRole('button', { name: 'Great' }).click();
    expect(takes).toHaveLength(1);
    await expect(ticket).toContainText('№ 124242');
    await expect(ticket).toContainText('Waiting for the draw');
  }
  await box.getByRole('tab').nth(1).click();
  await expect(box.getByTestId('lucky-winners').locator('li').first()).toContainText(/^1№ \d{6}/);
  // Checked in the browser: the revealed seed matches its published hash and orders the winners.
  await expect(box.getByTestId('lucky-verified')).toHaveText(/^Verified fair/);
  // The prize table names free spins as a count, never as money.
  const freeSpins = page.getByRole('region', { name: 'Prizes' }).getByRole('row', { name: /^6–50/ });
  await expect(freeSpins).toHaveText('6–5020 free spins');
});

test('bet series: everyone sees the ladder; a player sees the streak on it', async ({ page, baseURL }) => {
  await page.goto(`${FRAME}/en/promotion/crownbet`);
  const box = page.getByRole('region', { name: 'Winning streak prizes' });
  await expect(box.getByRole('listitem')).toHaveCount(4);
  await expect(box.getByRole('listitem').first()).toContainText('3 wins in a row');
  await expect(box).toContainText('Sign in to see your streak.');
  await openAsAppUser(page, baseURL, 'demo-app-token-player', 'crownbet');
  await expect(box.getByTestId('series-progress')).toHaveText('Your streak: 2 · best: 4');
});

test("a player's bonus choice that fails to load says so and its retry brings the choice back", async ({
  page,
  baseURL,
  problems,
}) => {
  problems.allow(/Failed to load resource/);
  let broken = true;
  await page.route('**/web-api/promotions/GetTypeFirstBonus', (route) =>
    broken
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' })
      : route.continue(),
  );
  await openAsAppUser(page, baseURL, 'demo-app-token-spinner', 'casino-sport-welcome-bonus');
  const box = page.getByRole('region', { name: 'Choose your welcome bonus' });
  await expect(box.getByRole('alert')).toHaveText('Could not load the bonus offers.', { timeout: 15_000 });
  broken = false;
  await box.getByRole('button', { name: 'Try again' }).click();
  await expect(box.getByRole('alert')).toHaveCount(0);
  // Read back, the choice shows on its card (nothing chosen yet: no card is pressed).
  await expect(box.getByRole('button', { name: /Sports bonus/ })).toHaveAttribute('aria-pressed', 'false');
});

test('a hunt: visitors see the set; a player opens three spots a day, once per press, and fills the album', async ({
  page,
  baseURL,
  newPlayer,
}) => {
  await page.goto(`${FRAME}/en/promotion/winter-hunt`);
  const box = page.getByRole('region', { name: 'Your collection' });
  await expect(box.getByTestId('hunt-album').getByRole('listitem')).toHaveCount(6);
  await expect(box.getByRole('listitem', { name: 'Gift 1: not found yet' })).toBeVisible();
  await expect(box).toContainText(/Players who completed the set: [1-9]/);
  await expect(box.getByRole('button', { name: /^Spot/ })).toHaveCount(0);

  await openAsAppUser(page, baseURL, (await newPlayer(PROFILES.dollar)).appToken, 'winter-hunt');
  await expect(box.getByTestId('hunt-progress')).toHaveText('0 of 6 collected');
  await expect(box.getByRole('listitem', { name: 'Gift 1: not found yet' })).toBeVisible();
  const left = box.getByTestId('hunt-searches-left');
  const spots = box.getByRole('group', { name: "Today's board" }).getByRole('button');
  await expect(spots).toHaveCount(9);
  // A spot's answer shows on the spot; a gift (new or not) also opens a popup, which must be closed
  // before the next spot can be pressed. Waiting for the answer first: the popup comes with it.
  const settle = async (spot: number) => {
    const opened = box.getByRole('button', { name: new RegExp(`^Spot ${spot}: (empty|Gift \\d)$`) });
    await expect(opened).toBeDisabled();
    const popup = page.getByRole('dialog');
    if ((await opened.getAttribute('aria-label'))?.includes('Gift')) {
      await popup.getByRole('button', { name: 'Great' }).click();
    }
    await expect(popup).toBeHidden();
  };
  await expect(left).toHaveText('Searches left today: 3 of 3');
  const searches = recordRequests(page, '/hunt/search');
  await pressTenTimes(box.getByRole('button', { name: 'Spot 5: open it' }));
  await expect(left).toHaveText('Searches left today: 2 of 3');
  expect(searches).toHaveLength(1);
  await settle(5);
  for (const spot of [1, 9]) {
    await box.getByRole('button', { name: `Spot ${spot}: open it` }).click();
    await settle(spot);
  }
  await expect(left).toHaveText('Searches left today: 0 of 3');
  expect(searches).toHaveLength(3);
  // No searches left: the closed spots wait for tomorrow's board.
  await expect(box.getByRole('button', { name: /open it$/ }).first()).toBeDisabled();
  await expect(box.getByText('New board in')).toBeVisible();
});

test('an ended hunt keeps the album and the place of a player who completed it', async ({ page, baseURL }) => {
  await openAsAppUser(page, baseURL, 'demo-app-token-player', 'halloween-2024');
  await expect(page.getByText('This promotion has ended')).toBeVisible();
  const box = page.getByRole('region', { name: 'Your collection' });
  await expect(box.getByTestId('hunt-progress')).toHaveText('6 of 6 collected');
  await expect(box.getByTestId('hunt-completion')).toHaveText(/^Collection complete: place \d+, prize /);
  await expect(box.getByRole('button', { name: /^Spot/ })).toHaveCount(0);
});

test('a broadcast page shows the live top ten of its tournament and reads it again every 30 s', async ({ page }) => {
  await page.clock.install();
  const reads = recordRequests(page, '/tournamentresults/902');
  await page.goto(`${FRAME}/en/promotion/sports-stream`);
  const board = page.getByRole('region', { name: 'Live standings' });
  await expect(board.getByTestId('broadcast-live')).toHaveText('Live');
  await expect(board.getByRole('row')).toHaveCount(11);
  await expect(board.getByTestId('broadcast-updated')).toHaveText(/^Updated at \d\d:\d\d:\d\d · \d+ players$/);
  await expect(board.getByRole('link', { name: 'Open the tournament' })).toHaveAttribute(
    'href',
    /\/en\/promotion\/champions-cup$/,
  );
  // The first read came with the page from the server; the browser reads again 30 s later.
  expect(reads).toHaveLength(0);
  await page.clock.fastForward(31_000);
  await expect.poll(() => reads.length).toBe(1);
});

test("a broadcast page follows its own tournament: Gold of Champions' standings, live, with a link to it", async ({
  page,
}) => {
  await page.goto(`${FRAME}/en/promotion/gold-of-champions-broadcast`);
  const board = page.getByRole('region', { name: 'Live standings' });
  await expect(board.getByRole('row').nth(1)).toContainText(/^1/);
  await expect(board.getByTestId('broadcast-live')).toHaveText('Live');
  await expect(board.getByRole('link', { name: 'Open the tournament' })).toHaveAttribute(
    'href',
    /\/en\/promotion\/gold-of-champions$/,
  );
});

test("each promotion says its own rules and its mechanic's, with its numbers in the visitor's currency", async ({
  page,
}) => {
  await page.goto(`${FRAME}/en/promotion/two-hundred-percentage`);
  const rules = page.getByRole('region', { name: 'How it works' });
  await expect(rules).toContainText('Deposit at least $10 and 200% of it is added as a bonus, up to $200.');
  await expect(rules).toContainText('Wager the bonus 5 times before it can be withdrawn.');
  await expect(rules).toContainText('Prizes are credited to your account instantly.');
  await expect(rules).not.toContainText('after the promotion ends');
  // Shared pages of spec 2 still promise different things.
  await page.goto(`${FRAME}/en/promotion/no-risk-bet`);
  await expect(rules).toContainText(
    'If your first qualifying single loses, its stake comes back as a free bet, up to $25.',
  );
  await expect(page.getByText('Daily gift')).toHaveCount(0);
  await page.goto(`${FRAME}/en/promotion/loss-refund-bet`);
  await expect(rules).toContainText(
    '10% of your net sports losses over each Monday-to-Sunday week come back, up to $100.',
  );
  await expect(rules).toContainText('Refunds are credited within 24 hours after each week ends.');
  await page.goto(`${FRAME}/en/promotion/double-chance`);
  await expect(rules).toContainText('The accumulator needs at least 5 selections, each at odds of 1.30 or more.');
  await page.goto(`${FRAME}/en/promotion/express-fight`);
  await expect(rules).toContainText('Only accumulators count');
  await expect(rules).not.toContainText('Win singles in a row');
  await expect(page.getByRole('definition').filter({ hasText: 'Accumulators' })).toBeVisible();
  await page.goto(`${FRAME}/en/promotion/jackpot-of-week`);
  await expect(rules).toContainText("Every qualifying bet during the week is a ticket in Sunday's draw at 20:00 UTC.");
  await expect(rules).not.toContainText('each day');
});

test('a deposit bonus: visitors read its terms; a player accepts them and activates it once', async ({
  page,
  baseURL,
  newPlayer,
}) => {
  const me = await newPlayer(PROFILES.uk);
  await page.goto(`${FRAME}/en/promotion/bonus200`);
  const box = page.getByRole('region', { name: 'Your deposit bonus' });
  await expect(box.getByTestId('bonus-terms')).toContainText('+200% up to $400.00');
  await expect(box.getByTestId('bonus-terms')).toContainText('Minimum deposit$20.00');
  await expect(box.getByRole('button', { name: 'Activate bonus' })).toHaveCount(0);

  await openAsAppUser(page, baseURL, me.appToken, 'bonus200');
  const activate = box.getByRole('button', { name: 'Activate bonus' });
  await expect(activate).toBeDisabled();
  await box.getByLabel('I have read and accept the bonus rules and terms below.').check();
  const activations = recordRequests(page, '/api/v3/bonuses/126');
  await pressTenTimes(activate);
  const popup = page.getByRole('dialog', { name: 'Bonus activated' });
  await expect(popup).toContainText('Your next deposit gets +200%, up to $400.00.');
  await popup.getByRole('button', { name: 'Great' }).click();
  expect(activations).toHaveLength(1);
  expect(activations[0]?.headers()['idempotency-key']).toBeTruthy();
  await expect(box.getByTestId('bonus-active')).toHaveText('Active: your next deposit gets this bonus.');
  await expect(box.getByRole('link', { name: 'Make a deposit' })).toBeVisible();
  // The server keeps it: the page opened again says so.
  await openAsAppUser(page, baseURL, me.appToken, 'bonus200');
  await expect(box.getByTestId('bonus-active')).toBeVisible();
});

test('information pages: the casino lobby, the live tables, the licence and the latest winners', async ({ page }) => {
  await page.goto(`${FRAME}/en/promotion/online-casino`);
  const lobby = page.getByRole('region', { name: 'Choose your game' });
  await expect(lobby.getByRole('listitem')).toHaveCount(4);
  await expect(lobby.getByRole('listitem').filter({ hasText: 'Live casino' }).getByRole('link')).toHaveAttribute(
    'href',
    '/liveCasino',
  );
  await page.goto(`${FRAME}/en/promotion/live-casino`);
  const tables = page.getByRole('region', { name: 'Live tables' });
  await expect(tables.getByRole('listitem').filter({ hasText: 'Roulette' }).getByRole('link')).toHaveAttribute(
    'href',
    '/liveCasino?category=roulette',
  );
  // The hero's call to action leads to the live casino too.
  await expect(page.getByRole('link', { name: 'Play now' })).toHaveAttribute('href', '/liveCasino');
  await page.goto(`${FRAME}/ar/promotion/license`);
  await expect(page.getByRole('region', { name: 'الترخيص والتنظيم' })).toContainText('OGL/2024/118/0042');
  await page.goto(`${FRAME}/en/promotion/winners`);
  const winners = page.getByRole('region', { name: 'Latest winners' });
  await expect(winners.getByTestId('winners-lucky').getByRole('listitem')).toHaveCount(5);
  await expect(winners.getByTestId('winners-tournament').getByRole('listitem')).toHaveCount(3);
  await expect(winners.getByTestId('winners-tournament').getByRole('listitem').first()).toContainText(/^1.+ points$/);
});

test("game lists: Eva's favourites and the slots that count in Evaginarium, each opening on the host", async ({
  page,
  baseURL,
}) => {
  await page.goto(`${FRAME}/en/promotion/evasfavorites`);
  const favorites = page.getByRole('region', { name: "Eva's favourite slots" });
  await expect(favorites.getByTestId('casino-games').getByRole('listitem')).toHaveCount(7);
  const book = favorites.getByRole('listitem').filter({ hasText: 'Book of Sun' });
  await expect(book).toContainText('Sunrise Studio · RTP 96.21%');
  await expect(book.getByRole('link', { name: 'Play' })).toHaveAttribute('href', '/slots?game=book-of-sun');
  await openAsAppUser(page, baseURL, 'demo-app-token-uk', 'evasfavorites');
  await expect(favorites.getByRole('status')).toHaveText(
    "Eva's favourites free spins are not available in your country.",
  );
  await page.goto(`${FRAME}/en/promotion/evaginarium`);
  const mobile = page.getByRole('region', { name: 'Games that count on mobile' });
  await expect(mobile.getByTestId('casino-games').getByRole('listitem')).toHaveCount(6);
});
