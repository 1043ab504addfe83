// A labelled input or select in the design system's .field layout. A hint, a character counter and an error are tied to the
// input through aria-describedby, so screen readers read them with the input rather than only when browsing past.
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

interface FieldExtras {
  id: string;
  label: string;
  hint?: ReactNode;
  /** Why the value is refused; marks the input invalid and is shown under it. */
  error?: string;
  /** Shows "length/max characters" for a text with a limit. */
  maxLength?: number;
}

type FieldProps = FieldExtras & Omit<InputHTMLAttributes<HTMLInputElement>, 'maxLength'>;
type TextAreaFieldProps = FieldExtras & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'maxLength'>;

export function Field({ id, label, hint, error, maxLength, ...input }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} maxLength={maxLength} value={input.value}>
      {(describedBy) => <input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />}
    </FieldFrame>
  );
}

export function TextAreaField({ id, label, hint, error, maxLength, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} maxLength={maxLength} value={textarea.value}>
      {(describedBy) => <textarea id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...textarea} />}
    </FieldFrame>
  );
}

interface SelectFieldProps<Value extends string> extends Omit<FieldExtras, 'maxLength'> {
  value: Value;
  /** Each choice's value and the text shown for it, in order. */
  options: readonly (readonly [Value, string])[];
  onChange: (value: Value) => void;
  disabled?: boolean;
}

export function SelectField<Value extends string>({ id, label, hint, error, value, options, onChange, disabled }: SelectFieldProps<Value>) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} value={value}>
      {(describedBy) => (
        <select
          id={id}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value as Value)}
        >
          {options.map(([choice, text]) => (
            <option key={choice} value={choice}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

interface FieldFrameProps extends FieldExtras {
  value: unknown;
  children: (describedBy: string | undefined) => ReactNode;
}

function FieldFrame({ id, label, hint, error, maxLength, value, children }: FieldFrameProps) {
  const length = typeof value === 'string' ? value.trim().length : 0;
  const ids = [hint && `${id}-hint`, maxLength && `${id}-count`, error && `${id}-error`].filter(Boolean);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(ids.length ? ids.join(' ') : undefined)}
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
      {maxLength !== undefined && (
        // Not a live region: announced with the input when it is focused, not on every key press.
        <span id={`${id}-count`} className={`field-count${length > maxLength ? ' field-count-over' : ''}`}>
          {length}/{maxLength} characters
        </span>
      )}
    </div>
  );
}
