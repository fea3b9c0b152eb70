import { zodResolver } from '@hookform/resolvers/zod';
import {
  COLLECTIBLES,
  mechanicOf,
  PROMO_TEXT_LANGUAGES,
  type PrizeKind,
  type PromoCta,
  type PromoDraft,
  type PromoMechanic,
  type PromoProduct,
  type PromoTerms,
  type PromoTextLanguage,
  type PromoTexts,
  promoCtaSchema,
  promoDraftSchema,
  promoTermsSchema,
} from '@promo/contract';
import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { set } from 'react-hook-form';
import type { z } from 'zod/mini';
import { browserTimeZone, localInputToMs, msToIsoZ, msToLocalInput, scheduleToMs } from '../../lib/time.ts';
import { translatedErrors } from '../../lib/validation.ts';

/**
 * The editor's form and the contract's draft: the form holds what inputs hold (strings, a
 * `datetime-local` in the browser's zone, ids as a comma-separated list); `toDraft` turns it into
 * a `promoDraftSchema` value, which the same schema as the server's checks before anything is sent.
 */

export type TermName = keyof PromoTerms;

/** How a term is typed in: the input each term gets. */
export type TermInput =
  | { kind: 'int' }
  | { kind: 'decimal'; money: boolean }
  | { kind: 'int-list' }
  | { kind: 'text-list' }
  | { kind: 'weekdays' }
  | { kind: 'text' }
  | { kind: 'select'; options: readonly string[] };

/** Every term's input (a term the contract adds fails the type check here until it has one). */
export const TERM_INPUTS: Record<TermName, TermInput> = {
  sportIds: { kind: 'int-list' },
  betType: { kind: 'select', options: promoTermsSchema.shape.betType._zod.def.innerType.options },
  minLegs: { kind: 'int' },
  minOdds: { kind: 'decimal', money: false },
  minStake: { kind: 'decimal', money: true },
  minDeposit: { kind: 'decimal', money: true },
  percent: { kind: 'int' },
  maxBonus: { kind: 'decimal', money: true },
  wager: { kind: 'int' },
  freespins: { kind: 'int' },
  refundPercent: { kind: 'int' },
  maxRefund: { kind: 'decimal', money: true },
  payment: { kind: 'text-list' },
  weekdays: { kind: 'weekdays' },
  stage: { kind: 'text' },
  games: { kind: 'text' },
  collectible: { kind: 'select', options: COLLECTIBLES },
  validDays: { kind: 'int' },
};
export const TERM_NAMES = Object.keys(TERM_INPUTS) as TermName[];

export type CtaTarget = PromoCta['to'];
export type CtaField = 'section' | 'sportId' | 'oppId' | 'page';

/** The calls to action, read from the contract's union: each target's sections and other fields. */
export const CTA_TARGETS: readonly { to: CtaTarget; sections: readonly string[]; fields: readonly CtaField[] }[] =
  promoCtaSchema._zod.def.options.map((option) => {
    const shape = (option as unknown as z.ZodMiniObject).shape as Record<string, z.ZodMiniType>;
    const to = (shape.to as z.ZodMiniLiteral<CtaTarget>)._zod.def.values[0] as CtaTarget;
    const section = shape.section as z.ZodMiniEnum | undefined;
    return {
      to,
      sections: section ? (section.options as string[]) : [],
      fields: Object.keys(shape).filter((name): name is CtaField => name !== 'to'),
    };
  });

export const ctaTarget = (to: string) => CTA_TARGETS.find((target) => target.to === to);

export interface TextsForm {
  title: string;
  summary: string;
  about: string[];
  rules: string[];
  faq: { q: string; a: string }[];
}

export interface FormValues {
  slug: string;
  ids: string;
  mechanic: PromoMechanic;
  product: PromoProduct;
  currencyCode: string;
  schedule: {
    starts: string;
    ends: string;
    weeklyOn: boolean;
    weekly: { weekdays: string[]; from: string; to: string };
  };
  prizes: { places: string; kind: PrizeKind; amount: string }[];
  terms: Record<Exclude<TermName, 'weekdays'>, string> & { weekdays: string[] };
  cta: { to: CtaTarget; section: string; sportId: string; oppId: string; page: string };
  hero: { art: PromoDraft['hero']['art']; accent: string };
  of: string;
  texts: Record<PromoTextLanguage, TextsForm>;
  /** The languages being written: a language off (or left empty) is a missing translation. */
  textsOn: Record<PromoTextLanguage, boolean>;
}

/** The most paragraphs, rule lines and questions a language's texts hold (the schema's bounds). */
export const TEXT_LIMITS = { about: 4, rules: 6, faq: 4 } as const;

export const emptyTexts = (): TextsForm => ({
  title: '',
  summary: '',
  about: [''],
  rules: [''],
  faq: [{ q: '', a: '' }],
});

const copyTexts = (texts: PromoTexts): TextsForm => ({
  title: texts.title,
  summary: texts.summary,
  about: [...texts.about],
  rules: [...texts.rules],
  faq: texts.faq.map((item) => ({ ...item })),
});

const isBlank = (texts: TextsForm) =>
  !texts.title.trim() &&
  !texts.summary.trim() &&
  texts.about.every((line) => !line.trim()) &&
  texts.rules.every((line) => !line.trim()) &&
  texts.faq.every((item) => !item.q.trim() && !item.a.trim());

/** Whether a language's texts are written (started, and not all empty). */
export const textsWritten = (on: boolean, texts: TextsForm | undefined): boolean =>
  on && texts !== undefined && !isBlank(texts);

export const hasTexts = (values: Pick<FormValues, 'texts' | 'textsOn'>, language: PromoTextLanguage) =>
  textsWritten(values.textsOn[language], values.texts[language]);

const termToInput = (name: TermName, value: PromoTerms[TermName]): string => {
  if (value === undefined) return '';
  if (Array.isArray(value)) return name === 'weekdays' ? '' : value.join(', ');
  return String(value);
};

/** A schedule time as the input shows it (relative times of the seed from now). */
const toLocal = (when: string | null, timeZone: string, now: number) => {
  if (when === null) return '';
  const ms = scheduleToMs(when, now);
  return ms === null ? '' : msToLocalInput(ms, timeZone);
};

export function toForm(draft: PromoDraft, timeZone = browserTimeZone(), now = Date.now()): FormValues {
  const terms = Object.fromEntries(
    TERM_NAMES.map((name) => [name, termToInput(name, draft.terms[name])]),
  ) as unknown as FormValues['terms'];
  terms.weekdays = (draft.terms.weekdays ?? []).map(String);
  const cta = draft.cta as Partial<Record<CtaField, string | number>> & { to: CtaTarget };
  return {
    slug: draft.slug,
    ids: draft.ids.join(', '),
    mechanic: draft.mechanic,
    product: draft.product,
    currencyCode: draft.currencyCode,
    schedule: {
      starts: toLocal(draft.schedule.starts, timeZone, now),
      ends: toLocal(draft.schedule.ends, timeZone, now),
      weeklyOn: draft.schedule.weekly !== undefined,
      weekly: {
        weekdays: (draft.schedule.weekly?.weekdays ?? []).map(String),
        from: draft.schedule.weekly?.from ?? '00:00',
        to: draft.schedule.weekly?.to ?? '23:59',
      },
    },
    prizes: draft.prizes.map((prize) => ({ ...prize })),
    terms,
    cta: {
      to: cta.to,
      section: String(cta.section ?? ''),
      sportId: String(cta.sportId ?? ''),
      oppId: String(cta.oppId ?? ''),
      page: String(cta.page ?? ''),
    },
    hero: { ...draft.hero },
    of: draft.of ?? '',
    texts: Object.fromEntries(
      PROMO_TEXT_LANGUAGES.map((language) => {
        const texts = draft.texts[language];
        return [language, texts ? copyTexts(texts) : emptyTexts()];
      }),
    ) as FormValues['texts'],
    textsOn: Object.fromEntries(
      PROMO_TEXT_LANGUAGES.map((language) => [language, draft.texts[language] !== undefined]),
    ) as FormValues['textsOn'],
  };
}

/** A number typed in: digits become a number; anything else stays as typed, for the schema to refuse. */
const toNumber = (value: string): number | string => {
  const trimmed = value.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};
const list = (value: string) =>
  value
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * A schedule time back to the draft: the time the edit started from when the input still shows it
 * (a seed's '+5d' stays relative, an offset stays as written), else the input's instant in UTC.
 */
function fromLocal(local: string, original: string | null | undefined, timeZone: string, now: number): string {
  if (original && toLocal(original, timeZone, now) === local) return original;
  const ms = localInputToMs(local, timeZone);
  return ms === null ? local : msToIsoZ(ms);
}

function termFromInput(name: TermName, values: FormValues['terms']): unknown {
  const input = TERM_INPUTS[name];
  if (input.kind === 'weekdays') {
    const days = values.weekdays.map(Number).sort((a, b) => a - b);
    return days.length ? days : undefined;
  }
  const raw = (values[name as Exclude<TermName, 'weekdays'>] ?? '').trim();
  if (!raw) return undefined;
  switch (input.kind) {
    case 'int':
      return toNumber(raw);
    case 'int-list':
      return list(raw).map(toNumber);
    case 'text-list':
      return list(raw);
    default:
      return raw;
  }
}

function ctaFromInput(cta: FormValues['cta']): unknown {
  const target = ctaTarget(cta.to);
  const out: Record<string, unknown> = { to: cta.to };
  for (const field of target?.fields ?? []) {
    const value = cta[field].trim();
    if (field === 'section') out.section = value;
    else if (value && (field === 'sportId' || field === 'oppId')) out[field] = toNumber(value);
    else if (value) out[field] = value;
  }
  return out;
}

const textsFromInput = (texts: TextsForm): PromoTexts => ({
  title: texts.title.trim(),
  summary: texts.summary.trim(),
  about: texts.about.map((line) => line.trim()),
  rules: texts.rules.map((line) => line.trim()),
  faq: texts.faq.map((item) => ({ q: item.q.trim(), a: item.a.trim() })),
});

/**
 * The form as a draft for `promoDraftSchema` (not yet checked): only the terms the mechanic reads,
 * only the languages written. `base` is the draft the edit started from.
 */
export function toDraft(
  values: FormValues,
  base?: PromoDraft,
  timeZone = browserTimeZone(),
  now = Date.now(),
): Record<string, unknown> {
  const { schedule } = values;
  const terms: Record<string, unknown> = {};
  for (const name of mechanicOf(values.mechanic).terms) {
    const value = termFromInput(name, values.terms);
    if (value !== undefined) terms[name] = value;
  }
  const texts: Record<string, PromoTexts> = {};
  for (const language of PROMO_TEXT_LANGUAGES) {
    if (hasTexts(values, language)) texts[language] = textsFromInput(values.texts[language]);
  }
  const of = values.of.trim();
  return {
    slug: values.slug.trim(),
    ids: list(values.ids).map(toNumber),
    mechanic: values.mechanic,
    product: values.product,
    currencyCode: values.currencyCode.trim(),
    schedule: {
      starts: fromLocal(schedule.starts, base?.schedule.starts, timeZone, now),
      ends: schedule.ends ? fromLocal(schedule.ends, base?.schedule.ends, timeZone, now) : null,
      ...(schedule.weeklyOn
        ? {
            weekly: {
              weekdays: schedule.weekly.weekdays.map(Number).sort((a, b) => a - b),
              from: schedule.weekly.from,
              to: schedule.weekly.to,
            },
          }
        : {}),
    },
    prizes: values.prizes.map((prize) => ({
      places: prize.places.trim(),
      kind: prize.kind,
      amount: prize.amount.trim(),
    })),
    terms,
    cta: ctaFromInput(values.cta),
    hero: { art: values.hero.art, accent: values.hero.accent.toLowerCase() },
    ...(of ? { of } : {}),
    texts,
  };
}

/**
 * Where a draft's field is in the form: a list typed as one input (ids, sport ids, payment
 * methods) or a set of checkboxes (weekdays) shows its items' errors on the whole field.
 */
export function formPath(path: readonly PropertyKey[]): string {
  const segments = path.map(String);
  // A list's own error beside its items' (react-hook-form's `root`) is the list's.
  if (segments.at(-1) === 'root') segments.pop();
  const [head, second, third] = segments;
  if (head === 'ids') return 'ids';
  if (head === 'terms' && second) return `terms.${second}`;
  if (head === 'schedule' && second === 'weekly' && third === 'weekdays') return 'schedule.weekly.weekdays';
  return segments.join('.');
}

/** The leaves of a nested errors object (react-hook-form's), by dotted path. */
export function flattenErrors(errors: FieldErrors, prefix = ''): { path: string; error: FieldError }[] {
  const out: { path: string; error: FieldError }[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const node = value as Record<string, unknown>;
    if (typeof node.type === 'string' && 'message' in node) out.push({ path, error: node as unknown as FieldError });
    else out.push(...flattenErrors(node as FieldErrors, path));
  }
  return out;
}

/**
 * The editor's resolver: the form made a draft, checked by the contract's schema through
 * @hookform/resolvers' zod resolver (zod v4 mini), its errors put back on the form's fields in the
 * console's language. Valid: the submit handler gets the draft as the schema outputs it.
 */
export function draftResolver(
  t: TFunction,
  base: () => PromoDraft | undefined,
): Resolver<FormValues, unknown, PromoDraft> {
  const check = zodResolver(promoDraftSchema, translatedErrors(t));
  return async (values, context, options) => {
    const result = await check(
      toDraft(values, base()) as z.input<typeof promoDraftSchema>,
      context,
      // The draft's fields are not the form's: errors are mapped below, not by the resolver.
      { ...options, fields: {}, names: undefined, shouldUseNativeValidation: false },
    );
    if (Object.keys(result.errors).length === 0) return { values: result.values as PromoDraft, errors: {} };
    const errors: FieldErrors<FormValues> = {};
    for (const { path, error } of flattenErrors(result.errors)) {
      const target = formPath(path.split('.'));
      if (!errorAt(errors, target)) set(errors, target, { type: error.type, message: error.message });
    }
    return { values: {}, errors };
  };
}

const errorAt = (errors: FieldErrors, path: string): boolean =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) !==
  undefined;
