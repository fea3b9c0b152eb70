import { HERO_ARTS, mechanicOf, PRIZE_KINDS, PROMO_MECHANICS, PROMO_PRODUCTS, PROMO_SPORTS } from '@promo/contract';
import type { ReactNode } from 'react';
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { bind, CheckboxGroup, SelectField, TextField } from '../../ui/fields.tsx';
import { CTA_TARGETS, ctaTarget, type FormValues, TERM_INPUTS, type TermName } from './form-model.ts';

/** One part of the form: a fieldset with its legend (disabled for a member who may not write). */
export function Section({
  title,
  readOnly,
  children,
  className,
  error,
}: {
  title: string;
  readOnly: boolean;
  children: ReactNode;
  className?: string;
  error?: string | undefined;
}) {
  return (
    <fieldset className={`section ${className ?? ''}`} disabled={readOnly}>
      <legend>{title}</legend>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}

/** Weekdays as checkboxes, Sunday (0) first as the schema counts them, named in the console's language. */
export function useWeekdayOptions() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    value: String(day),
    label: format.format(new Date(Date.UTC(2023, 0, 1 + day))),
  }));
}

export function BasicsSection({ readOnly, isNew }: { readOnly: boolean; isNew: boolean }) {
  const { t } = useTranslation();
  const form = useFormContext<FormValues>();
  return (
    <Section title={t('editor.sections.basics')} readOnly={readOnly} className="grid-fields">
      <TextField
        {...bind(form, 'slug')}
        label={t('fields.slug')}
        hint={isNew ? t('fields.slugHint') : t('fields.slugFixed')}
        readOnly={!isNew}
        spellCheck={false}
        autoCapitalize="none"
      />
      <TextField {...bind(form, 'ids')} label={t('fields.ids')} hint={t('fields.idsHint')} inputMode="numeric" />
      <SelectField
        {...bind(form, 'mechanic')}
        label={t('fields.mechanic')}
        hint={t('fields.mechanicHint')}
        options={PROMO_MECHANICS.map((value) => ({ value, label: t(`mechanic.${value}`) }))}
      />
      <SelectField
        {...bind(form, 'product')}
        label={t('fields.product')}
        options={PROMO_PRODUCTS.map((value) => ({ value, label: t(`product.${value}`) }))}
      />
      <TextField
        {...bind(form, 'currencyCode', { setValueAs: (value: string) => value.toUpperCase() })}
        label={t('fields.currencyCode')}
        hint={t('fields.currencyHint')}
        maxLength={3}
        autoCapitalize="characters"
      />
      <TextField {...bind(form, 'of')} label={t('fields.of')} hint={t('fields.ofHint')} spellCheck={false} />
    </Section>
  );
}

export function ScheduleSection({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const form = useFormContext<FormValues>();
  const weeklyOn = useWatch({ control: form.control, name: 'schedule.weeklyOn' });
  const weekdays = useWeekdayOptions();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Section title={t('editor.sections.schedule')} readOnly={readOnly} className="grid-fields">
      <TextField
        {...bind(form, 'schedule.starts')}
        type="datetime-local"
        label={t('fields.starts')}
        hint={t('fields.zoneHint', { zone })}
      />
      <TextField
        {...bind(form, 'schedule.ends')}
        type="datetime-local"
        label={t('fields.ends')}
        hint={t('fields.endsHint')}
      />
      <div className="field span-all">
        <label className="check">
          <input type="checkbox" {...form.register('schedule.weeklyOn')} />
          {t('fields.weeklyOn')}
        </label>
      </div>
      {weeklyOn ? (
        <>
          <CheckboxGroup
            {...bind(form, 'schedule.weekly.weekdays')}
            className="span-all"
            label={t('fields.weekdays')}
            options={weekdays}
          />
          <TextField
            {...bind(form, 'schedule.weekly.from')}
            type="time"
            label={t('fields.from')}
            hint={t('fields.utcHint')}
          />
          <TextField
            {...bind(form, 'schedule.weekly.to')}
            type="time"
            label={t('fields.to')}
            hint={t('fields.utcHint')}
          />
        </>
      ) : null}
    </Section>
  );
}

export function PrizesSection({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const form = useFormContext<FormValues>();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'prizes' });
  const currency = useWatch({ control: form.control, name: 'currencyCode' });
  const mechanic = useWatch({ control: form.control, name: 'mechanic' });
  const basis = mechanicOf(mechanic).prizeBasis;
  return (
    <Section title={t('editor.sections.prizes')} readOnly={readOnly}>
      {fields.length === 0 ? <p className="muted">{t('editor.noPrizes')}</p> : null}
      <ol className="prize-list">
        {fields.map((field, index) => (
          <li key={field.id} className="prize-row">
            <TextField
              {...bind(form, `prizes.${index}.places`)}
              label={basis === 'step' ? t('fields.step') : t('fields.places')}
              hint={t('fields.placesHint')}
            />
            <SelectField
              {...bind(form, `prizes.${index}.kind`)}
              label={t('fields.kind')}
              options={PRIZE_KINDS.map((value) => ({ value, label: t(`prizeKind.${value}`) }))}
            />
            <TextField
              {...bind(form, `prizes.${index}.amount`)}
              label={t('fields.amount')}
              hint={t('fields.amountHint', { currency })}
              inputMode="decimal"
            />
            {readOnly ? null : (
              <button type="button" className="button small" onClick={() => remove(index)}>
                {t('editor.removePrize', { number: index + 1 })}
              </button>
            )}
          </li>
        ))}
      </ol>
      {readOnly ? null : (
        <button
          type="button"
          className="button"
          onClick={() => append({ places: String(fields.length + 1), kind: 'cash', amount: '' })}
        >
          {t('editor.addPrize')}
        </button>
      )}
    </Section>
  );
}

/** One term's input, as its kind asks. */
function TermField({ name }: { name: TermName }) {
  const { t } = useTranslation();
  const form = useFormContext<FormValues>();
  const currency = useWatch({ control: form.control, name: 'currencyCode' });
  const weekdays = useWeekdayOptions();
  const input = TERM_INPUTS[name];
  const label = t(`terms.${name}`);
  const path = `terms.${name}` as const;
  switch (input.kind) {
    case 'weekdays':
      return <CheckboxGroup {...bind(form, 'terms.weekdays')} className="span-all" label={label} options={weekdays} />;
    case 'select':
      return (
        <SelectField
          {...bind(form, path)}
          label={label}
          empty={t('terms.unset')}
          options={input.options.map((value) => ({ value, label: t(`termValues.${name}.${value}`) }))}
        />
      );
    case 'int':
      return <TextField {...bind(form, path)} label={label} inputMode="numeric" hint={t(`termHints.${name}`)} />;
    case 'decimal':
      return (
        <TextField
          {...bind(form, path)}
          label={label}
          inputMode="decimal"
          hint={input.money ? t('fields.amountHint', { currency }) : t('termHints.decimal')}
        />
      );
    case 'int-list':
      return (
        <TextField
          {...bind(form, path)}
          label={label}
          inputMode="numeric"
          hint={t('termHints.sportIds', {
            known: Object.entries(PROMO_SPORTS)
              .map(([id, sport]) => `${id} ${sport}`)
              .join(', '),
          })}
        />
      );
    case 'text-list':
      return <TextField {...bind(form, path)} label={label} hint={t('termHints.list')} spellCheck={false} />;
    default:
      return <TextField {...bind(form, path)} label={label} hint={t(`termHints.${name}`)} />;
  }
}

/** The terms the chosen mechanic reads, and only those (the contract refuses any other). */
export function TermsSection({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const form = useFormContext<FormValues>();
  const mechanic = useWatch({ control: form.control, name: 'mechanic' });
  const terms = mechanicOf(mechanic).terms;
  return (
    <Section title={t('editor.sections.terms')} readOnly={readOnly} className="grid-fields">
      {terms.length === 0 ? (
        <p className="muted span-all">{t('editor.noTerms', { mechanic: t(`mechanic.${mechanic}`) })}</p>
      ) : (
        terms.map((name) => <TermField key={name} name={name} />)
      )}
    </Section>
  );
}

export function CtaSection({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const form = useFormContext<FormValues>();
  const to = useWatch({ control: form.control, name: 'cta.to' });
  const target = ctaTarget(to);
  const groupError = (get(form.formState.errors, 'cta') as { message?: string } | undefined)?.message;
  return (
    <Section title={t('editor.sections.cta')} readOnly={readOnly} className="grid-fields" error={groupError}>
      <SelectField
        {...bind(form, 'cta.to')}
        label={t('fields.ctaTo')}
        options={CTA_TARGETS.map((option) => ({ value: option.to, label: t(`cta.${option.to}`) }))}
      />
      {target?.fields.includes('section') ? (
        <SelectField
          {...bind(form, 'cta.section')}
          label={t('fields.ctaSection')}
          empty={t('terms.unset')}
          options={target.sections.map((value) => ({ value, label: t(`ctaSection.${value}`) }))}
        />
      ) : null}
      {target?.fields.includes('sportId') ? (
        <TextField
          {...bind(form, 'cta.sportId')}
          label={t('fields.ctaSportId')}
          hint={t('fields.optional')}
          inputMode="numeric"
        />
      ) : null}
      {target?.fields.includes('oppId') ? (
        <TextField
          {...bind(form, 'cta.oppId')}
          label={t('fields.ctaOppId')}
          hint={t('fields.ctaOppIdHint')}
          inputMode="numeric"
        />
      ) : null}
      {target?.fields.includes('page') ? (
        <TextField {...bind(form, 'cta.page')} label={t('fields.ctaPage')} hint={t('fields.optional')} />
      ) : null}
    </Section>
  );
}

export function HeroSection({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const form = useFormContext<FormValues>();
  return (
    <Section title={t('editor.sections.hero')} readOnly={readOnly} className="grid-fields">
      <SelectField
        {...bind(form, 'hero.art')}
        label={t('fields.heroArt')}
        options={HERO_ARTS.map((value) => ({ value, label: t(`heroArt.${value}`) }))}
      />
      <TextField {...bind(form, 'hero.accent')} type="color" label={t('fields.accent')} className="color-field" />
    </Section>
  );
}
