import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';

interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'> {
  /** The form is being sent: the button is disabled and says so. */
  busy: boolean;
  /** What the button says while busy, e.g. 'Envoi…'; its usual text otherwise. */
  busyLabel?: ReactNode;
  children: ReactNode;
}

/**
 * A form's submit button: disabled, with a spinner and its busy text, while the form is sent. On a
 * prerendered page it waits for the page's code too: the browser would otherwise send the form by
 * itself, as a GET putting what was typed, a password included, in the address.
 */
export function SubmitButton({ busy, busyLabel, children, className, ...button }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      {...button}
      type="submit"
      className={`button button-primary${className ? ` ${className}` : ''}`}
      disabled={busy || !hydrated}
      aria-busy={busy}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {busy ? (busyLabel ?? children) : children}
    </button>
  );
}
