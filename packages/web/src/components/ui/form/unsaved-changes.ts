import { useCallback, useEffect } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import { setLeaveGuard } from '../../../lib/router.tsx';
import { useConfirm } from '../confirm-modal.tsx';

/**
 * While `dirty`, leaving the page asks first: a link, Back or Forward with the app's question,
 * closing or reloading the tab with the browser's own. Answers `release`, to call right before
 * leaving on purpose (after a save), when the form has not re-rendered clean yet.
 */
export function useUnsavedChanges(dirty: boolean): () => void {
  const confirm = useConfirm();
  useEffect(() => {
    if (!dirty) return;
    setLeaveGuard(() =>
      confirm({ message: MESSAGES.unsavedChanges, confirmLabel: 'Quitter', cancelLabel: 'Rester' }),
    );
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      setLeaveGuard(null);
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty, confirm]);
  return useCallback(() => setLeaveGuard(null), []);
}
