import { useEffect, useRef } from 'react';
import { Link } from '../../../lib/router.tsx';

interface AddedNoticeProps {
  /** What was added, in a sentence: '« Tarte aux pommes » est dans tes vidéos.' */
  message: string;
  /** The list, searched for what was added. */
  listTo: string;
  listLabel: string;
  anotherLabel: string;
  /** Closes the notice and puts the cursor in the emptied form's first field. */
  onAnother: () => void;
}

/**
 * Shown above an add form once the spec's alert is closed: the form is empty again and the page
 * back at its top, with the two next steps, seeing the new item in its list or adding another.
 */
export function AddedNotice({ message, listTo, listLabel, anotherLabel, onAnother }: AddedNoticeProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    // After the closing alert has given focus back to the submit button.
    const timer = setTimeout(() => ref.current?.focus({ preventScroll: true }));
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <div ref={ref} className="notice notice-success added-notice" role="status" tabIndex={-1}>
      <p>{message}</p>
      <div className="added-notice-actions">
        <Link className="button button-small" to={listTo}>
          {listLabel}
        </Link>
        <button type="button" className="button button-small button-primary" onClick={onAnother}>
          {anotherLabel}
        </button>
      </div>
    </div>
  );
}
