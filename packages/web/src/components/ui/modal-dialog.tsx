import { useEffect, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  role: 'dialog' | 'alertdialog';
  /** The id of the dialog's name: every dialog needs one to be announced. */
  labelledBy: string;
  describedBy: string;
  className?: string;
  /** Escape key: the dialog's safe way out. */
  onCancel: () => void;
  children: ReactNode;
}

/**
 * A native modal <dialog>: the browser keeps focus inside and makes the page behind inert.
 * Focus goes back to whatever had it before, so a keyboard user lands where they were.
 */
export function ModalDialog({
  role,
  labelledBy,
  describedBy,
  className,
  onCancel,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      // Where the user was stays on screen: after a navigation the opener may be the page's
      // heading (layout/page-change.ts), far above a list scrolled back into place.
      opener?.focus({ preventScroll: true });
    };
  }, []);
  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={`modal ${className ?? ''}`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
