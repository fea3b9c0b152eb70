import { PROMO_REGISTRY, promoContentSchema } from '@promo/contract';
import { expect, test } from 'vitest';
import { PROMOTION_TABLE } from '../../../../e2e/promotion-table.ts';
import { ctaTarget } from './cta.ts';

/** The server's content files (what the page gets from its API), by slug. */
const FILES = import.meta.glob<{ default: unknown }>('../../../../../server/content/promotions/*.json', {
  eager: true,
});
const content = (name: string) =>
  promoContentSchema.parse(FILES[`../../../../../server/content/promotions/${name}.json`]?.default);

test('the table names each of the 82 promotions of spec 2 once', () => {
  expect(PROMOTION_TABLE.map(([name]) => name)).toEqual(PROMO_REGISTRY.map((entry) => entry.name));
});

test.each(PROMOTION_TABLE)(
  '%s is a %s promotion whose call to action sends %s to %s',
  (name, mechanic, message, path) => {
    const promotion = content(name);
    expect(promotion.mechanic).toBe(mechanic);
    expect(promotion.ids).toEqual(PROMO_REGISTRY.find((entry) => entry.name === name)?.ids);
    const { target, label } = ctaTarget(promotion.cta);
    expect(target?.type ?? null).toBe(message);
    if (target) expect(target.data.path).toBe(path);
    expect(label).toMatch(/^promo_cta_/);
    // Prizes are money of one base currency the server converts, or counts.
    expect(promotion.currencyCode).toBe('USD');
  },
);

test('crash tournaments open the crash games, broadcasts the live line, a featured match its live page, deposit offers the top-up', () => {
  expect(ctaTarget({ to: 'casino', section: 'crashGames' }).target).toEqual({
    type: 'slots',
    data: { path: '/crashGames' },
  });
  expect(ctaTarget({ to: 'betting', section: 'live', sportId: 1 }).target).toEqual({
    type: 'live',
    data: { path: '/live/football' },
  });
  expect(ctaTarget({ to: 'betting', section: 'live', sportId: 40, oppId: 271_828 }).target).toEqual({
    type: 'teamLineLive',
    data: { path: '/live/esports/271828', oppId: 271_828 },
  });
  expect(ctaTarget({ to: 'betting', section: 'line', sportId: 66 }).target).toEqual({
    type: 'betting',
    data: { path: '/line/cricket' },
  });
  expect(ctaTarget({ to: 'office', section: 'recharge' })).toEqual({
    target: { type: 'topUp', data: { path: '/office/recharge' } },
    label: 'promo_cta_deposit',
  });
  expect(ctaTarget({ to: 'office', section: 'identification' }).label).toBe('promo_cta_verify');
});
