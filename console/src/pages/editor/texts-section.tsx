import { PROMO_TEXT_LANGUAGES, type PromoTextLanguage } from '@promo/contract';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MissingBadge } from '../../ui/badges.tsx';
import { bind, TextArea, TextField } from '../../ui/fields.tsx';
import { emptyTexts, type FormValues, TEXT_LIMITS, textsWritten } from './form-model.ts';

const RTL: readonly PromoTextLanguage[] = ['ar'];

/**
 * The texts in every language side by side (three columns on a wide screen, tabs on a phone). A
 * language not written is a missing translation, flagged; "Add texts" starts it. The editor may
 * hold the tab shown (`active`), to show a language's field from elsewhere.
 */
export function TextsSection({
  readOnly,
  active: shown,
  onActive,
}: {
  readOnly: boolean;
  active?: PromoTextLanguage;
  onActive?: (language: PromoTextLanguage) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [own, setOwn] = useState<PromoTextLanguage>('en');
  const active = shown ?? own;
  const setActive = onActive ?? setOwn;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + PROMO_TEXT_LANGUAGES.length) % PROMO_TEXT_LANGUAGES.length;
    setActive(PROMO_TEXT_LANGUAGES[next] as PromoTextLanguage);
    tabs.current[next]?.focus();
  };
  return (
    <section className="section texts-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {t('editor.sections.texts')}
      </h2>
      <div className="language-tabs" role="tablist" aria-label={t('editor.textsLanguages')}>
        {PROMO_TEXT_LANGUAGES.map((language, index) => (
          <button
            key={language}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${language}`}
            aria-selected={active === language}
            aria-controls={`${id}-panel-${language}`}
            tabIndex={active === language ? 0 : -1}
            onClick={() => setActive(language)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t(`languages.${language}`)}
          </button>
        ))}
      </div>
      <div className="texts-columns">
        {PROMO_TEXT_LANGUAGES.map((language) => (
          <div
            key={language}
            role="tabpanel"
            id={`${id}-panel-${language}`}
            aria-labelledby={`${id}-tab-${language}`}
            className={active === language ? 'texts-column active' : 'texts-column'}
          >
            <LanguageTexts language={language} readOnly={readOnly} />
          </div>
        ))}
      </div>
    </section>
  );
}

function LanguageTexts({ language, readOnly }: { language: PromoTextLanguage; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const form = useFormContext<FormValues>();
  const on = useWatch({ control: form.control, name: `textsOn.${language}` });
  const texts = useWatch({ control: form.control, name: `texts.${language}` });
  const written = textsWritten(on, texts);
  const rtl = RTL.includes(language);
  const uiLanguage = i18n.language;
  const missingError = (get(form.formState.errors, `texts.${language}`) as { message?: string } | undefined)?.message;

  return (
    <fieldset className="language-texts" disabled={readOnly} data-field={`texts.${language}`}>
      <legend>
        {t(`languages.${language}`)} {written ? null : <MissingBadge language={language} />}
      </legend>
      {missingError ? <p className="field-error">{missingError}</p> : null}
      {on ? (
        <div lang={language} dir={rtl ? 'rtl' : 'ltr'} className="language-fields">
          <TextField
            {...bind(form, `texts.${language}.title`)}
            label={t('texts.title')}
            labelLang={uiLanguage}
            maxLength={80}
          />
          <TextArea
            {...bind(form, `texts.${language}.summary`)}
            label={t('texts.summary')}
            labelLang={uiLanguage}
            rows={3}
          />
          <LineList language={language} kind="about" readOnly={readOnly} />
          <LineList language={language} kind="rules" readOnly={readOnly} />
          <FaqList language={language} readOnly={readOnly} />
          {readOnly ? null : (
            <button
              type="button"
              className="button small"
              lang={uiLanguage}
              dir="auto"
              onClick={() => {
                form.setValue(`textsOn.${language}`, false, { shouldDirty: true });
                form.setValue(`texts.${language}`, emptyTexts(), { shouldDirty: true });
              }}
            >
              {t('editor.removeTexts', { language: t(`languages.${language}`) })}
            </button>
          )}
        </div>
      ) : readOnly ? (
        <p className="muted">{t('editor.noTexts')}</p>
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => form.setValue(`textsOn.${language}`, true, { shouldDirty: true })}
        >
          {t('editor.addTexts', { language: t(`languages.${language}`) })}
        </button>
      )}
    </fieldset>
  );
}

/** About paragraphs or rule lines: a list of strings, one textarea each, within the schema's bounds. */
function LineList({
  language,
  kind,
  readOnly,
}: {
  language: PromoTextLanguage;
  kind: 'about' | 'rules';
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation();
  const form = useFormContext<FormValues>();
  const path = `texts.${language}.${kind}` as const;
  const lines = useWatch({ control: form.control, name: path }) ?? [];
  const listError = (get(form.formState.errors, path) as { message?: string } | undefined)?.message;
  return (
    <fieldset className="line-list" data-field={path}>
      <legend lang={i18n.language}>{t(`texts.${kind}`)}</legend>
      {listError ? <p className="field-error">{listError}</p> : null}
      {lines.map((_line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line is its place in the list
        <div key={index} className="line-item">
          <TextArea
            {...bind(form, `${path}.${index}`)}
            label={t(`texts.${kind}Item`, { number: index + 1 })}
            labelLang={i18n.language}
          />
          {readOnly || lines.length <= 1 ? null : (
            <button
              type="button"
              className="button small"
              lang={i18n.language}
              onClick={() =>
                form.setValue(
                  path,
                  lines.filter((_, at) => at !== index),
                  { shouldDirty: true },
                )
              }
            >
              {t('editor.removeLine', { number: index + 1 })}
            </button>
          )}
        </div>
      ))}
      {readOnly || lines.length >= TEXT_LIMITS[kind] ? null : (
        <button
          type="button"
          className="button small"
          lang={i18n.language}
          onClick={() => form.setValue(path, [...lines, ''], { shouldDirty: true })}
        >
          {t(`editor.add.${kind}`)}
        </button>
      )}
    </fieldset>
  );
}

function FaqList({ language, readOnly }: { language: PromoTextLanguage; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const form = useFormContext<FormValues>();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: `texts.${language}.faq` });
  return (
    <fieldset className="line-list" data-field={`texts.${language}.faq`}>
      <legend lang={i18n.language}>{t('texts.faq')}</legend>
      {fields.map((field, index) => (
        <div key={field.id} className="faq-item">
          <TextField
            {...bind(form, `texts.${language}.faq.${index}.q`)}
            label={t('texts.question', { number: index + 1 })}
            labelLang={i18n.language}
          />
          <TextArea
            {...bind(form, `texts.${language}.faq.${index}.a`)}
            label={t('texts.answer', { number: index + 1 })}
            labelLang={i18n.language}
          />
          {readOnly || fields.length <= 1 ? null : (
            <button type="button" className="button small" lang={i18n.language} onClick={() => remove(index)}>
              {t('editor.removeQuestion', { number: index + 1 })}
            </button>
          )}
        </div>
      ))}
      {readOnly || fields.length >= TEXT_LIMITS.faq ? null : (
        <button type="button" className="button small" lang={i18n.language} onClick={() => append({ q: '', a: '' })}>
          {t('editor.add.faq')}
        </button>
      )}
    </fieldset>
  );
}
