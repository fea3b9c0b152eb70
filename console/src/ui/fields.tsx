import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';
import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * Form fields with their label, hint and error tied to the input (aria-describedby,
 * aria-invalid): what a screen reader says on focus is what the eye sees around the field.
 */

export interface Bound {
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
}

/** A field's registration and its current error. */
export function bind<T extends FieldValues, C, R extends FieldValues>(
  form: UseFormReturn<T, C, R>,
  name: Path<T>,
  options?: RegisterOptions<T, Path<T>>,
): Bound {
  return {
    registration: form.register(name, options),
    error: get(form.formState.errors, name) as FieldError | undefined,
  };
}

interface Described {
  label: ReactNode;
  /** The label's language, when the field's own differs (a text column in Arabic, labels in English). */
  labelLang?: string | undefined;
  hint?: ReactNode;
  error?: FieldError | undefined;
  className?: string;
}

function useDescription(error: FieldError | undefined, hint: ReactNode) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error?.message ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function Extras({
  hint,
  hintId,
  error,
  errorId,
  lang,
}: {
  hint: ReactNode;
  hintId?: string | undefined;
  error?: FieldError | undefined;
  errorId?: string | undefined;
  lang?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <span className="field-hint" id={hintId} lang={lang}>
          {hint}
        </span>
      ) : null}
      {error?.message ? (
        <span className="field-error" id={errorId} lang={lang}>
          {error.message}
        </span>
      ) : null}
    </>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'>;

export function TextField({
  label,
  labelLang,
  hint,
  error,
  className,
  registration,
  ...input
}: Described & InputProps & { registration: UseFormRegisterReturn }) {
  const { id, hintId, errorId, describedBy } = useDescription(error, hint);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} lang={labelLang}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        {...input}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <Extras hint={hint} hintId={hintId} error={error} errorId={errorId} lang={labelLang} />
    </div>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'>;

export function TextArea({
  label,
  labelLang,
  hint,
  error,
  className,
  registration,
  ...area
}: Described & TextAreaProps & { registration: UseFormRegisterReturn }) {
  const { id, hintId, errorId, describedBy } = useDescription(error, hint);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} lang={labelLang}>
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        {...area}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <Extras hint={hint} hintId={hintId} error={error} errorId={errorId} lang={labelLang} />
    </div>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'>;

export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  label,
  hint,
  error,
  className,
  registration,
  options,
  empty,
  ...select
}: Described & SelectProps & { registration: UseFormRegisterReturn; options: readonly Option[]; empty?: string }) {
  const { id, hintId, errorId, describedBy } = useDescription(error, hint);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        {...select}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Extras hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A set of checkboxes under one legend (weekdays): one value per box. */
export function CheckboxGroup({
  label,
  hint,
  error,
  className,
  registration,
  options,
  disabled,
}: Described & { registration: UseFormRegisterReturn; options: readonly Option[]; disabled?: boolean }) {
  const { id, hintId, errorId, describedBy } = useDescription(error, hint);
  return (
    <fieldset className={`field checkbox-group ${className ?? ''}`} aria-describedby={describedBy} disabled={disabled}>
      <legend>{label}</legend>
      <div className="checkbox-row">
        {options.map((option) => (
          <label key={option.value} className="check" htmlFor={`${id}-${option.value}`}>
            <input id={`${id}-${option.value}`} type="checkbox" value={option.value} {...registration} />
            {option.label}
          </label>
        ))}
      </div>
      <Extras hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </fieldset>
  );
}
