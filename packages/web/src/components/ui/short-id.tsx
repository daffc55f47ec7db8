import { useState } from 'react';

/**
 * An id for whoever needs it (support, the CLI), not for reading: its first 8 characters, the
 * whole of it in the title, and a button that copies it.
 */
export function ShortId({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <span className="short-id">
      <code title={id}>{id.slice(0, 8)}</code>
      <button
        type="button"
        className="button button-small"
        aria-label={`Copier l’identifiant ${id}`}
        onClick={() => void copy()}
      >
        {copied ? 'Copié' : 'Copier'}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? 'Identifiant copié' : ''}
      </span>
    </span>
  );
}
