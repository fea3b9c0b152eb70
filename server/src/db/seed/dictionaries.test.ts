import { LOTTERIES, PROMO_REGISTRY, PROMO_TEMPLATES } from '@promo/contract';
import { expect, test } from 'vitest';
import { en } from './dictionary-en.ts';
import { seedDictionaries } from './index.ts';

test.each(Object.entries(seedDictionaries))('%s has the same keys as English, none empty', (_, dictionary) => {
  expect(Object.keys(dictionary).sort()).toEqual(Object.keys(en).sort());
  expect(Object.entries(dictionary).filter(([, text]) => text.trim() === '')).toEqual([]);
});

test('every template has its kicker, lead and four rules; every promo its title', () => {
  const keys = PROMO_TEMPLATES.flatMap((template) => {
    const id = template.replace(/-/g, '_');
    return [`promo_kicker_${id}`, `promo_lead_${id}`, ...[1, 2, 3, 4].map((n) => `promo_rule_${id}_${n}`)];
  });
  const missing = [...keys, ...PROMO_REGISTRY.map((entry) => entry.label)].filter((key) => !(key in en));
  expect(missing).toEqual([]);
});

test('every collectible of the hunts has a name', () => {
  const kinds = new Set(
    PROMO_REGISTRY.flatMap((entry) => (entry.template === 'hunt' ? [entry.options.collectible] : [])),
  );
  expect([...kinds].filter((kind) => !(`hunt_item_${kind}` in en))).toEqual([]);
});

test('every free-bet variant of the registry has its own lead', () => {
  const variants = new Set(
    PROMO_REGISTRY.flatMap((entry) =>
      entry.template === 'free-bet' && typeof entry.options.variant === 'string' ? [entry.options.variant] : [],
    ),
  );
  variants.delete('freebet');
  const missing = [...variants].filter((variant) => !(`promo_lead_free_bet_${variant.replace(/-/g, '_')}` in en));
  expect(missing).toEqual([]);
});

test("every lottery's about and rules blocks name texts the dictionary has", () => {
  const keys = Object.values(LOTTERIES).flatMap(({ texts: { about, rules } }) => [
    about.titleKey,
    ...about.paragraphKeys,
    rules.subtitleKey,
    ...rules.itemKeys,
    ...rules.footer.flatMap(({ titleKey, textKey }) => (titleKey ? [titleKey, textKey] : [textKey])),
  ]);
  expect([...new Set(keys)].filter((key) => !(key in en))).toEqual([]);
});
