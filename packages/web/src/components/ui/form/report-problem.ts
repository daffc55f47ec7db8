import { useCallback } from 'react';
import { useAlert } from '../alert-box.tsx';

/** Puts the cursor in the form's first field marked invalid (a group of choices: its first box). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = invalid?.matches('input, textarea, select')
    ? invalid
    : invalid?.querySelector<HTMLElement>('input, textarea, select');
  target?.focus();
}

/**
 * Every form reports a problem the same way: the caller has marked each field concerned (its
 * message beside it, in French), the alert box then says the spec's sentence, and once it is
 * closed the cursor lands on the first marked field, ready to fix.
 */
export function useReportProblem() {
  const alert = useAlert();
  return useCallback(
    async (form: HTMLFormElement | null, message: string) => {
      await alert(message);
      // The closing alert gives focus back to the button that opened it first, hence the next task.
      setTimeout(() => focusFirstInvalid(form));
    },
    [alert],
  );
}
