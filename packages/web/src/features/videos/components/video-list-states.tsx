import { Loading } from '../../../components/ui/loading.tsx';

/** Loading, failure and empty states shared by both video lists. */
export function VideoListStates({
  isPending,
  isError,
  isEmpty,
  search,
  onRetry,
}: {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  search: string;
  onRetry: () => void;
}) {
  if (isPending) return <Loading />;
  if (isError) {
    return (
      <p className="notice notice-error" role="alert">
        Impossible de charger les vidéos.{' '}
        <button type="button" className="button-link" onClick={onRetry}>
          Réessayer
        </button>
      </p>
    );
  }
  if (!isEmpty) return null;
  return (
    <p className="empty-state">
      {search ? `Aucune vidéo ne correspond à « ${search} ».` : "Aucune vidéo pour l'instant."}
    </p>
  );
}
