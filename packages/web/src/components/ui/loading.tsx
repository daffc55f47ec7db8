/** A calm, announced loading state. */
export function Loading({ label = 'Chargement...' }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}
