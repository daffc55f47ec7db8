import { SubmitButton } from './submit-button.tsx';

/**
 * A long form's 'Enregistrer', kept in view at the bottom of the screen while scrolling, saying
 * whether something typed is not saved yet.
 */
export function SaveBar({ dirty, busy }: { dirty: boolean; busy: boolean }) {
  return (
    <div className="form-actions save-bar">
      <p className={`save-bar-status${dirty ? ' save-bar-dirty' : ''}`} role="status">
        {dirty ? 'Modifications non enregistrées' : 'Tout est enregistré'}
      </p>
      <SubmitButton className="button-large" busy={busy} busyLabel="Enregistrement…">
        Enregistrer
      </SubmitButton>
    </div>
  );
}
