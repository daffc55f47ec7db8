/** 'Charger plus' under a paged list; gone once a page comes back short. */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  if (!hasMore) return null;
  return (
    <div className="load-more">
      <button type="button" className="button" disabled={loading} onClick={onLoad}>
        {loading ? 'Chargement...' : 'Charger plus'}
      </button>
    </div>
  );
}
