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
