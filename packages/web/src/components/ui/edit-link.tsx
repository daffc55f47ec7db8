import { Link } from '../../lib/router.tsx';

/**
 * 'Modifier' on a card: a real link to the item's edit page, which comes back to the list where it
 * was left (lib/router.tsx goBack).
 */
export function EditLink({ to, label }: { to: string; label: string }) {
  return (
    <Link className="button button-small" to={to} state={{ back: true }} aria-label={label}>
      Modifier
    </Link>
  );
}
