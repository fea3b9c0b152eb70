import { mechanicOf, PROMO_MECHANICS, type PromoDraft, promoDraftSchema } from '@promo/contract';
import type { ResolverOptions } from 'react-hook-form';
import { beforeAll, expect, test } from 'vitest';
import { z } from 'zod/mini';
import { createI18n } from '../../i18n/i18n.ts';
import { DRAFT } from '../../test/fixtures.ts';
import { CTA_TARGETS, draftResolver, type FormValues, formPath, TERM_INPUTS, toDraft, toForm } from './form-model.ts';

const ZONE = 'Europe/Moscow';
const NOW = Date.UTC(2026, 2, 1, 12);

let t: Awaited<ReturnType<typeof createI18n>>['t'];
beforeAll(async () => {
  t = (await createI18n('en')).t;
});

test('a draft made a form and back is the same draft', () => {
  const values = toForm(DRAFT, ZONE, NOW);
  expect(values.ids).toBe('176');
  expect(values.schedule.starts).toBe('2026-03-05T13:00');
  expect(values.terms.percent).toBe('150');
  expect(values.textsOn).toEqual({ en: true, ru: true, ar: false });
  expect(z.parse(promoDraftSchema, toDraft(values, DRAFT, ZONE, NOW))).toEqual(DRAFT);
});

test('times the edit did not touch stay as written (a seed’s +2d, an offset); a changed one is UTC', () => {
  const seeded: PromoDraft = { ...DRAFT, schedule: { starts: '+2d', ends: '2026-03-09T22:00+03:00' } };
  const values = toForm(seeded, ZONE, NOW);
  expect(values.schedule.starts).toBe('2026-03-03T15:00');
  expect(toDraft(values, seeded, ZONE, NOW).schedule).toEqual(seeded.schedule);
  values.schedule.ends = '2026-03-10T09:30';
  values.schedule.starts = '';
  const changed = toDraft(values, seeded, ZONE, NOW).schedule as PromoDraft['schedule'];
  expect(changed.ends).toBe('2026-03-10T06:30:00Z');
  expect(changed.starts).toBe('');
  values.schedule.ends = '';
  expect((toDraft(values, seeded, ZONE, NOW).schedule as PromoDraft['schedule']).ends).toBeNull();
});

test('weekly windows: days as numbers in order, clocks as typed', () => {
  const values = toForm(DRAFT, ZONE, NOW);
  values.schedule.weeklyOn = true;
  values.schedule.weekly = { weekdays: ['5', '0', '6'], from: '18:00', to: '23:59' };
  expect(toDraft(values, DRAFT, ZONE, NOW).schedule).toMatchObject({
    weekly: { weekdays: [0, 5, 6], from: '18:00', to: '23:59' },
  });
});

test.each(PROMO_MECHANICS)('a %s draft carries the terms its mechanic reads, and no other', (mechanic) => {
  const values = toForm({ ...DRAFT, mechanic, terms: {} }, ZONE, NOW);
  // A value typed in every term, as its input takes it.
  values.terms = {
    sportIds: '1, 4',
    betType: 'single',
    minLegs: '3',
    minOdds: '1.80',
    minStake: '5',
    minDeposit: '20',
    percent: '100',
    maxBonus: '200',
    wager: '35',
    freespins: '50',
    refundPercent: '50',
    maxRefund: '25',
    payment: 'visa, skrill',
    weekdays: ['1', '3'],
    stage: 'final',
    games: 'crash',
    collectible: 'coin',
    validDays: '7',
  };
  const draft = toDraft(values, undefined, ZONE, NOW);
  expect(Object.keys(draft.terms as object).sort()).toEqual([...mechanicOf(mechanic).terms].sort());
  expect(z.safeParse(promoDraftSchema, draft).success).toBe(true);
});

test('every term of the contract has an input', () => {
  const all = new Set(PROMO_MECHANICS.flatMap((mechanic) => mechanicOf(mechanic).terms));
  for (const term of all) expect(TERM_INPUTS[term], term).toBeDefined();
});

test.each(CTA_TARGETS.map((target) => [target.to, target.fields] as const))(
  'a call to action to %s carries its fields %j',
  (to, fields) => {
    const values = toForm(DRAFT, ZONE, NOW);
    values.cta = {
      to,
      section: CTA_TARGETS.find((t) => t.to === to)?.sections[0] ?? '',
      sportId: '4',
      oppId: '99',
      page: 'rules',
    };
    const cta = toDraft(values, DRAFT, ZONE, NOW).cta as Record<string, unknown>;
    expect(Object.keys(cta).sort()).toEqual(['to', ...fields].sort());
    expect(z.safeParse(promoDraftSchema, { ...DRAFT, cta }).success).toBe(true);
  },
);

test('a language left empty is missing: not sent, even when its column was opened', () => {
  const values = toForm(DRAFT, ZONE, NOW);
  values.textsOn.ar = true;
  expect(Object.keys(toDraft(values, DRAFT, ZONE, NOW).texts as object)).toEqual(['en', 'ru']);
  values.texts.ar.title = 'مكافأة';
  expect(Object.keys(toDraft(values, DRAFT, ZONE, NOW).texts as object)).toEqual(['en', 'ru', 'ar']);
  values.textsOn.ru = false;
  expect(Object.keys(toDraft(values, DRAFT, ZONE, NOW).texts as object)).toEqual(['en', 'ar']);
});

test.each([
  [['ids', 2], 'ids'],
  [['terms', 'sportIds', 0], 'terms.sportIds'],
  [['terms', 'payment', 1], 'terms.payment'],
  [['schedule', 'weekly', 'weekdays', 3], 'schedule.weekly.weekdays'],
  [['schedule', 'weekly', 'from'], 'schedule.weekly.from'],
  [['texts', 'ru', 'faq', 0, 'q'], 'texts.ru.faq.0.q'],
  [['prizes', 1, 'amount'], 'prizes.1.amount'],
  [['texts', 'en', 'about', 'root'], 'texts.en.about'],
])('the draft field %j is the form field %s', (path, field) => {
  expect(formPath(path)).toBe(field);
});

const resolve = async (values: FormValues) =>
  draftResolver(t, () => DRAFT)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  } as ResolverOptions<FormValues>);

test('the resolver checks the draft with the contract’s schema and puts its errors on the form’s fields', async () => {
  const values = toForm(DRAFT, ZONE, NOW);
  values.ids = '12, x';
  values.currencyCode = 'usd';
  values.prizes[0] = { places: 'first', kind: 'cash', amount: '10,5' };
  values.texts.en.title = 'B';
  values.texts.ru.rules = [];
  values.terms.wager = '2.5';
  const { errors } = await resolve(values);
  expect({
    ids: errors.ids?.message,
    currencyCode: errors.currencyCode?.message,
    places: errors.prizes?.[0]?.places?.message,
    amount: errors.prizes?.[0]?.amount?.message,
    title: errors.texts?.en?.title?.message,
    rules: errors.texts?.ru?.rules?.message,
    wager: errors.terms?.wager?.message,
  }).toEqual({
    ids: 'Whole positive numbers separated by commas.',
    currencyCode: 'Three capital letters, e.g. EUR.',
    places: 'A place (3) or a range (4-10).',
    amount: 'A decimal number, e.g. 10.50 (at most 8 decimals).',
    title: 'At least 2 characters.',
    rules: 'At least 1 item.',
    wager: 'A whole number.',
  });
});

test('a valid form resolves to the draft the schema outputs', async () => {
  const result = await resolve(toForm(DRAFT));
  expect(result.errors).toEqual({});
  expect(result.values).toEqual(DRAFT);
});
