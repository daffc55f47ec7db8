import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'> {
  /** The form is being sent: the button is disabled and says so. */
  busy: boolean;
  /** What the button says while busy, e.g. 'Envoi…'; its usual text otherwise. */
  busyLabel?: ReactNode;
  children: ReactNode;
}

/** A form's submit button: disabled, with a spinner and its busy text, while the form is sent. */
export function SubmitButton({ busy, busyLabel, children, className, ...button }: SubmitButtonProps) {
  return (
    <button
      {...button}
      type="submit"
      className={`button button-primary${className ? ` ${className}` : ''}`}
      disabled={busy}
      aria-busy={busy}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {busy ? (busyLabel ?? children) : children}
    </button>
  );
}
