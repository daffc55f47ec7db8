import { LoadError } from '../../../components/ui/load-error.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import type { useCategories } from '../api/get-categories.ts';

/** Loading, failure and 'none yet' for a kind's categories, in the list and in the picker alike. */
export function CategoryStates({ query }: { query: ReturnType<typeof useCategories> }) {
  const { data: categories, isPending, isError, refetch } = query;
  return (
    <>
      {isPending && <Loading />}
      {isError && (
        <LoadError message="Impossible de charger les catégories." onRetry={() => void refetch()} />
      )}
      {categories?.length === 0 && <p className="field-hint">Aucune catégorie pour l’instant.</p>}
    </>
  );
}
