import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { cmsPages } from '../db/schema.ts';
import { apiRoutes } from '../http/validation.ts';
import { DEMO_USERS } from '../seed/demo-users.ts';
import { DEMO_OPERATOR_KEY } from '../settings.ts';
import { signedInCaller, useTestServer, XHR_HEADERS } from '../testing.ts';

/**
 * Issue 38 item 7: a shared cache (a CDN, a proxy) must never hand one audience's answer to another.
 * Every GET route the app declares (its live stream aside: it is no answer a cache keeps) is asked
 * for as a visitor and as a signed-in player: an answer that depends on who asks is private or
 * no-store, no-store where it names the player or their money; a public one is the same for both
 * and names in Vary what else it depends on (the language a client asks for).
 */

/**
 * One request per route, with real ids and the queries each needs; the bonus page is one offered in
 * two countries only (a visitor gets its 404, a player from Cyprus the page).
 */
const SAMPLES: Record<string, string> = {
  '/promo-frame/bff-api/config/all.json': '/promo-frame/bff-api/config/all.json?lang=en',
  '/promo-frame/bff-api/dictionary/:file': '/promo-frame/bff-api/dictionary/promotions.json?lang=en',
  '/promo-frame/bff-api/config/part/:file': '/promo-frame/bff-api/config/part/betting.json?lang=en',
  '/web-api/user/gettoken': '/web-api/user/gettoken',
  '/web-api/api/internal/v1/sessions/user': '/web-api/api/internal/v1/sessions/user',
  '/web-api/user/getuserconfig': '/web-api/user/getuserconfig',
  '/web-api/GetTimezones': '/web-api/GetTimezones',
  '/web-api/counters': '/web-api/counters?projectId=285&domain=promo.example.com',
  '/web-api/external-api/promotions/:key': '/web-api/external-api/promotions/spin-wheel?lang=en&currency=USD',
  '/web-api/external-api/promotions': '/web-api/external-api/promotions?lang=en&currency=USD',
  '/web-api/external-api/evasfavorites/available': '/web-api/external-api/evasfavorites/available',
  '/web-api/evaginarium/mobile': '/web-api/evaginarium/mobile',
  '/web-api/api/web/promotions/wheel/:id': '/web-api/api/web/promotions/wheel/137',
  '/web-api/api/web/promotions/wheel/:id/confirm-participation':
    '/web-api/api/web/promotions/wheel/137/confirm-participation',
  '/web-api/api/web/promotions/wheel/:id/getHistoryWheel': '/web-api/api/web/promotions/wheel/137/getHistoryWheel',
  '/web-api/api/v3/promotions/welcome-bonus': '/web-api/api/v3/promotions/welcome-bonus?currency=USD',
  '/web-api/api/v3/promotions/converted-sum':
    '/web-api/api/v3/promotions/converted-sum?sum=10&originalCurrency=USD&currency=EUR',
  '/web-api/api/internal/bonus/daily-freebet-or-freespin': '/web-api/api/internal/bonus/daily-freebet-or-freespin',
  '/web-api/tournament/:id': '/web-api/tournament/104',
  '/web-api/tournamentresults/:id': '/web-api/tournamentresults/104',
  '/web-api/tournamentusersresult/:id': '/web-api/tournamentusersresult/104',
  '/web-api/external-api/tournaments/validateUserForTournaments':
    '/web-api/external-api/tournaments/validateUserForTournaments',
  '/web-api/api/web/promotions/:id/rating/by-tickets': '/web-api/api/web/promotions/104/rating/by-tickets?period=all',
  '/operator-api/v1/ledger/check': '/operator-api/v1/ledger/check',
  '/operator-api/v1/server/renders': '/operator-api/v1/server/renders',
  '/operator-api/v1/openapi.json': '/operator-api/v1/openapi.json',
  '/web-api/api/web/promotions/:id/credits': '/web-api/api/web/promotions/114/credits',
  '/web-api/api/v3/promotions/lucky-day-draw': '/web-api/api/v3/promotions/lucky-day-draw',
  '/web-api/api/web/promotions/:id/jackpot': '/web-api/api/web/promotions/124/jackpot',
  '/web-api/api/v3/promotions/lucky-day-ticket': '/web-api/api/v3/promotions/lucky-day-ticket',
  '/web-api/landing/LuckyChanceForm': '/web-api/landing/LuckyChanceForm?promoId=184',
  '/web-api/api/web/promotions/:id/betseries/table': '/web-api/api/web/promotions/186/betseries/table',
  '/web-api/api/web/promotions/:id/hunt': '/web-api/api/web/promotions/903/hunt',
  '/web-api/external-api/lotto/available': '/web-api/external-api/lotto/available',
  '/web-api/api/v3/lotto/results': '/web-api/api/v3/lotto/results',
  '/web-api/api/v3/lotto/:code/draws': '/web-api/api/v3/lotto/powerball/draws',
  '/web-api/api/v3/lotto/tickets': '/web-api/api/v3/lotto/tickets',
  '/web-api/bonus-api/page': '/web-api/bonus-api/page?type=bonus&promotion_service_id=285&slug=crypto-boost',
  '/web-api/bonus-api/page/promotion/:href': '/web-api/bonus-api/page/promotion/crypto-boost?promotion_service_id=285',
  '/web-api/api/v3/landings/:id': '/web-api/api/v3/landings/1?language=en',
  '/web-api/api/v3/promotions/banners/data': '/web-api/api/v3/promotions/banners/data?language=en',
  '/web-api/bonus-api/promotion_service_id': '/web-api/bonus-api/promotion_service_id',
  '/web-api/external-api/promotion-previews/:token':
    '/web-api/external-api/promotion-previews/aaaaaaaaaaaaaaaaaaaaaaaa?lang=en&currency=USD',
  '/web-api/bonus-api/page-previews/:token': '/web-api/bonus-api/page-previews/aaaaaaaaaaaaaaaaaaaaaaaa?language=en',
  '/operator-api/v1/staff/session': '/operator-api/v1/staff/session',
  '/operator-api/v1/promotions': '/operator-api/v1/promotions?state=running&sort=title',
  '/operator-api/v1/promotion-drafts/new': '/operator-api/v1/promotion-drafts/new?mechanic=prize-wheel',
  '/operator-api/v1/promotions/:slug': '/operator-api/v1/promotions/spin-wheel',
  '/operator-api/v1/promotions/:slug/versions/:version': '/operator-api/v1/promotions/spin-wheel/versions/1',
  '/operator-api/v1/audit': '/operator-api/v1/audit?size=5',
  '/operator-api/v1/staff': '/operator-api/v1/staff',
  '/operator-api/v1/operator-keys': '/operator-api/v1/operator-keys',
  '/operator-api/v1/my-sessions': '/operator-api/v1/my-sessions',
  '/operator-api/v1/staff-sessions': '/operator-api/v1/staff-sessions?login=demo.admin',
  '/operator-api/v1/players': '/operator-api/v1/players?q=demo.player',
  '/operator-api/v1/players/:id': '/operator-api/v1/players/1',
  '/operator-api/v1/adjustments': '/operator-api/v1/adjustments?state=pending',
  '/operator-api/v1/feed/health': '/operator-api/v1/feed/health?minutes=30',
  '/operator-api/v1/art': '/operator-api/v1/art',
  '/operator-api/v1/cms-pages': '/operator-api/v1/cms-pages',
  '/operator-api/v1/cms-pages/:type/:slug': '/operator-api/v1/cms-pages/bonus/welcome',
  '/operator-api/v1/cms-pages/:type/:slug/versions/:version': '/operator-api/v1/cms-pages/bonus/welcome/versions/1',
};

const directives = (header: unknown) =>
  String(header ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);

describe('cache headers of every GET route, as a visitor and as a player', () => {
  const server = useTestServer(undefined);
  const routes = () =>
    apiRoutes(server.app)
      .filter((route) => route.method === 'GET' && !route.url.endsWith('/live'))
      .map((route) => route.url);

  test('every GET route has a sample here (a new route is walked too)', () => {
    expect(routes().filter((url) => !(url in SAMPLES))).toEqual([]);
  });

  test('personal answers are private or no-store (no-store with identity or money); public ones are the same for all and name Vary', async () => {
    const player = await signedInCaller(server, 0);
    const { login } = DEMO_USERS[0];
    // A landing is asked for by its row's id.
    const [landing] = await server.database.db
      .select({ id: cmsPages.id })
      .from(cmsPages)
      .where(and(eq(cmsPages.type, 'landing'), eq(cmsPages.language, 'en')));
    SAMPLES['/web-api/api/v3/landings/:id'] = `/web-api/api/v3/landings/${landing?.id}?language=en`;
    const failures: string[] = [];
    for (const url of routes()) {
      const sample = SAMPLES[url] ?? url;
      const operator: Record<string, string> = url.startsWith('/operator-api/')
        ? { authorization: `Bearer ${DEMO_OPERATOR_KEY}` }
        : {};
      const visitor = await server.app.inject({ url: sample, headers: { ...XHR_HEADERS, ...operator } });
      const mine = await player.call('GET', sample, operator);
      for (const [who, answer] of [
        ['visitor', visitor],
        ['player', mine],
      ] as const) {
        const cache = directives(answer.headers['cache-control']);
        if (cache.length === 0) failures.push(`${url} (${who} ${answer.statusCode}): no Cache-Control`);
        // An error is about this request: no cache keeps it (a shared one would serve a 404 or a 429 to all).
        if (answer.statusCode >= 400 && !cache.includes('no-store')) {
          failures.push(`${url} (${who} ${answer.statusCode}): an error answer is ${cache.join(', ')}`);
        }
      }
      const personal = visitor.statusCode !== mine.statusCode || visitor.body !== mine.body;
      const mineCache = directives(mine.headers['cache-control']);
      if (personal && !mineCache.includes('private') && !mineCache.includes('no-store')) {
        failures.push(`${url}: differs for a player yet is ${mineCache.join(', ')}`);
      }
      const identityOrMoney =
        mine.statusCode < 400 && (mine.body.includes(login) || /"(user_id|userId|amount|balance)"/.test(mine.body));
      if (personal && identityOrMoney && !mineCache.includes('no-store')) {
        failures.push(`${url}: names the player or their money yet is ${mineCache.join(', ')}`);
      }
      if (visitor.statusCode < 400 && directives(visitor.headers['cache-control']).includes('public')) {
        // The language a client asks for: a public answer that follows it must say so in Vary.
        const arabic = await server.app.inject({ url: sample, headers: { ...XHR_HEADERS, 'accept-language': 'ar' } });
        const vary = directives(visitor.headers.vary);
        if (arabic.body !== visitor.body && !vary.includes('accept-language') && !vary.includes('*')) {
          failures.push(`${url}: public, follows Accept-Language, Vary is "${vary.join(', ')}"`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
