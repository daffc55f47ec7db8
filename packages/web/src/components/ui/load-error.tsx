import { ApiError } from '../../lib/api-client.ts';
import { goBack } from '../../lib/router.tsx';

/** What a list or page says when its data could not be loaded, with a way to ask again. */
export function LoadError({
  message = 'Impossible de charger cette page.',
  onRetry,
}: {
  message?: string;
  onRetry: () => void;
}) {
  return (
    <p className="notice notice-error" role="alert">
      {message}{' '}
      <button type="button" className="button-link" onClick={onRetry}>
        Réessayer
      </button>
    </p>
  );
}

/**
 * What an edit page says when its item could not be opened. Gone, or not the person's, asking
 * again changes nothing: it offers the way back instead, to the list it was opened from, as that
 * list was left, or else to `list`.
 */
export function ItemLoadError({ error, onRetry, list }: { error: Error; onRetry: () => void; list: string }) {
  if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 404)) {
    return <LoadError message={error.message} onRetry={onRetry} />;
  }
  return (
    <p className="notice notice-error" role="alert">
      {error.message}{' '}
      <button type="button" className="button-link" onClick={() => goBack(list)}>
        Revenir à la liste
      </button>
    </p>
  );
}
