import { useState } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';

/** Said in a form whose item was saved by someone else meanwhile, with the way to start again. */
export function StaleFormNotice({ label, onReload }: { label: string; onReload: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const reload = async () => {
    setBusy(true);
    try {
      await onReload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="notice notice-error stale-form-notice" role="alert">
      <p>{MESSAGES.editedMeanwhile}</p>
      <button type="button" className="button" disabled={busy} onClick={() => void reload()}>
        {busy ? 'Chargement...' : label}
      </button>
    </div>
  );
}
