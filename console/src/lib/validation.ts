import type { TFunction } from 'i18next';
import type { z } from 'zod/mini';

/**
 * The contract's schemas say what is wrong in the console's language: a zod error map (zod/mini
 * brings no messages of its own) that names the rule, and for a format the form the field wants.
 */

/** The field a path ends at, array indices left out (`texts.en.about.2` → `about`). */
const fieldOf = (path: readonly PropertyKey[]): string =>
  String([...path].reverse().find((segment) => typeof segment === 'string') ?? '');

/** The forms a string field must take, by field name (the schema's patterns). */
export const FORMATS: Record<string, string> = {
  slug: 'validation.format.slug',
  of: 'validation.format.slug',
  currencyCode: 'validation.format.currency',
  accent: 'validation.format.color',
  places: 'validation.format.places',
  amount: 'validation.format.decimal',
  minOdds: 'validation.format.decimal',
  minStake: 'validation.format.decimal',
  minDeposit: 'validation.format.decimal',
  maxBonus: 'validation.format.decimal',
  maxRefund: 'validation.format.decimal',
  starts: 'validation.format.time',
  ends: 'validation.format.time',
  from: 'validation.format.clock',
  to: 'validation.format.clock',
  payment: 'validation.format.payment',
  login: 'validation.format.login',
  label: 'validation.format.keyLabel',
  code: 'validation.format.code',
  ids: 'validation.format.ids',
  sportIds: 'validation.format.ids',
  sportId: 'validation.format.number',
  oppId: 'validation.format.number',
  minLegs: 'validation.format.number',
  percent: 'validation.format.number',
  wager: 'validation.format.number',
  freespins: 'validation.format.number',
  refundPercent: 'validation.format.number',
  validDays: 'validation.format.number',
};

type Issue = Parameters<z.core.$ZodErrorMap>[0];

export function issueMessage(t: TFunction, issue: Issue): string {
  const path = issue.path ?? [];
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null || issue.input === '') return t('validation.required');
      const format = FORMATS[fieldOf(path)];
      return format ? t(format) : t('validation.type');
    }
    case 'too_small': {
      const count = Number(issue.minimum);
      if (issue.origin === 'string')
        return count <= 1 ? t('validation.required') : t('validation.minLength', { count });
      if (issue.origin === 'array') return t('validation.minItems', { count });
      return t('validation.min', { value: count });
    }
    case 'too_big': {
      const count = Number(issue.maximum);
      if (issue.origin === 'string') return t('validation.maxLength', { count });
      if (issue.origin === 'array') return t('validation.maxItems', { count });
      return issue.inclusive === false
        ? t('validation.below', { value: count })
        : t('validation.max', { value: count });
    }
    case 'invalid_format':
      return t(FORMATS[fieldOf(path)] ?? 'validation.format.other');
    case 'invalid_value':
      return t('validation.choose');
    case 'custom':
      return path[0] === 'terms' ? t('validation.notRead') : t('validation.invalid');
    default:
      return t('validation.invalid');
  }
}

/** The parse options that make a schema's messages the console's (zodResolver's schemaOptions). */
export const translatedErrors = (t: TFunction) => ({ error: (issue: Issue) => issueMessage(t, issue) });
