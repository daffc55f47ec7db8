/** Something could not be loaded: says so, and offers to try again. */
export function LoadError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <div className="notice notice-error" role="alert">
      <p>{message ?? 'Impossible de charger cette page.'}</p>
      <button type="button" className="button" onClick={onRetry}>
        Réessayer
      </button>
    </div>
  );
}
