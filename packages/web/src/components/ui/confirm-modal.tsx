import { createContext, useCallback, useContext, useId, useState, type ReactNode } from 'react';
import { ModalDialog } from './modal-dialog.tsx';

export interface ConfirmOptions {
  /** Names what the answer applies to ('Supprimer « Tarte aux pommes » ?'), above the question. */
  title?: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
}
type Confirm = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

interface PendingConfirm extends ConfirmOptions {
  resolve: (confirmed: boolean) => void;
}

/** The spec's 300 px confirmation modal; the caller gives the question and both button texts. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        setPending({ ...options, resolve });
      }),
    [],
  );
  const answer = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending && <ConfirmModal {...pending} onAnswer={answer} />}
    </ConfirmContext.Provider>
  );
}

function ConfirmModal({
  title,
  message,
  confirmLabel,
  cancelLabel,
  onAnswer,
}: ConfirmOptions & { onAnswer: (confirmed: boolean) => void }) {
  const titleId = useId();
  const messageId = useId();
  return (
    <ModalDialog
      role="dialog"
      labelledBy={titleId}
      describedBy={messageId}
      className="confirm-modal"
      onCancel={() => onAnswer(false)}
    >
      <h2 id={titleId} className={title ? 'modal-title' : 'visually-hidden'}>
        {title ?? 'Confirmation'}
      </h2>
      <p id={messageId} className="modal-message">
        {message}
      </p>
      <div className="modal-actions">
        <button type="button" className="button" autoFocus onClick={() => onAnswer(false)}>
          {cancelLabel}
        </button>
        <button type="button" className="button button-danger" onClick={() => onAnswer(true)}>
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}

/** `if (await confirm({ message, confirmLabel: 'Vazy', cancelLabel: 'Non' })) …` */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider');
  return confirm;
}
