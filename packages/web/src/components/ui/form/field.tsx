import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldError, RequiredMark } from './field-error.tsx';

/** What a field hands its control: its id, and its hint and error bound to it. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** Marks the label with * and the control as required. */
  required?: boolean;
  hint?: ReactNode;
  /** A hint that tells what to type goes above the control; a format reminder below it. */
  hintPlacement?: 'above' | 'below';
  error?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A labelled form control with its required mark, hint and error.
 *
 * @example
 * <Field label="Bio" error={errors.bio}>{(control) => <textarea {...control} />}</Field>
 */
export function Field({ label, required, hint, hintPlacement = 'below', error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  const hintText = hint && (
    <p id={hintId} className="field-hint">
      {hint}
    </p>
  );
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {hintPlacement === 'above' && hintText}
      {children({
        id,
        'aria-invalid': !!error,
        'aria-describedby': describedBy || undefined,
        'aria-required': required || undefined,
      })}
      {hintPlacement === 'below' && hintText}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type Own = 'label' | 'required' | 'hint' | 'hintPlacement' | 'error';
type TextFieldProps = Pick<FieldProps, Own> & Omit<InputHTMLAttributes<HTMLInputElement>, Own | 'id'>;

/** A labelled `<input>` (text by default; also url, email, date...). */
export function TextField({
  label,
  required,
  hint,
  hintPlacement,
  error,
  type = 'text',
  ...input
}: TextFieldProps) {
  return (
    <Field label={label} required={required} hint={hint} hintPlacement={hintPlacement} error={error}>
      {(control) => <input type={type} {...input} {...control} />}
    </Field>
  );
}

type TextAreaFieldProps = Pick<FieldProps, Own> &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Own | 'id'>;

/** A labelled `<textarea>`. */
export function TextAreaField({
  label,
  required,
  hint,
  hintPlacement,
  error,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <Field label={label} required={required} hint={hint} hintPlacement={hintPlacement} error={error}>
      {(control) => <textarea {...textarea} {...control} />}
    </Field>
  );
}
