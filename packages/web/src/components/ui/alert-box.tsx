import { createContext, useCallback, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { ModalDialog } from './modal-dialog.tsx';

type ShowAlert = (message: string) => Promise<void>;
const AlertContext = createContext<ShowAlert | null>(null);

interface PendingAlert {
  message: string;
  resolve: () => void;
}

/** Shows catalogue messages one at a time in an alert box with an OK button (docs/decisions/008-messages-and-alerts.md). */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<PendingAlert[]>([]);
  const show = useCallback<ShowAlert>(
    (message) => new Promise<void>((resolve) => setQueue((current) => [...current, { message, resolve }])),
    [],
  );
  const current = queue[0];
  const close = () => {
    current?.resolve();
    setQueue((rest) => rest.slice(1));
  };
  return (
    <AlertContext.Provider value={show}>
      {children}
      {current && <AlertBox key={queue.length + current.message} message={current.message} onClose={close} />}
    </AlertContext.Provider>
  );
}

function AlertBox({ message, onClose }: { message: string; onClose: () => void }) {
  const titleId = useId();
  const messageId = useId();
  return (
    <ModalDialog
      role="alertdialog"
      labelledBy={titleId}
      describedBy={messageId}
      className="alert-box"
      onCancel={onClose}
    >
      <h2 id={titleId} className="visually-hidden">
        Information
      </h2>
      <p id={messageId} className="modal-message">
        {message}
      </p>
      <div className="modal-actions">
        <button type="button" className="button button-primary" autoFocus onClick={onClose}>
          OK
        </button>
      </div>
    </ModalDialog>
  );
}

/** `await alert(MESSAGES.videoAdded)`: resolves when the user presses OK. */
export function useAlert(): ShowAlert {
  const show = useContext(AlertContext);
  if (!show) throw new Error('useAlert needs an AlertProvider');
  return useMemo(() => show, [show]);
}
