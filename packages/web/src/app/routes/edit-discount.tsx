import { paths } from '../../config/paths.ts';
import { goBack, useRouteParams } from '../../lib/router.tsx';
import { ItemLoadError } from '../../components/ui/load-error.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { CategoryPicker } from '../../features/categories/components/category-picker.tsx';
import { useDiscount } from '../../features/discounts/api/get-discount.ts';
import { DiscountForm } from '../../features/discounts/components/discount-form.tsx';
import { RequireSuperadmin } from '../guards.tsx';

function EditDiscount() {
  const { id = '' } = useRouteParams(paths.editDiscount);
  const discount = useDiscount(id);
  return (
    <section className="page add-discount-page">
      <h1>Modifier le discount</h1>
      {discount.isPending ? (
        <Loading />
      ) : discount.isError ? (
        <ItemLoadError
          error={discount.error}
          onRetry={() => void discount.refetch()}
          list={paths.discounts}
        />
      ) : (
        <>
          <p className="lead">
            Ses vues et ses clics restent. Une image choisie remplace l’actuelle, recadrée en 900x600.
          </p>
          <DiscountForm
            key={discount.data.id}
            renderCategories={(props) => <CategoryPicker kind="discount" required {...props} />}
            editing={{
              discount: discount.data,
              onDone: () => goBack(paths.discounts),
              onReload: async () => (await discount.refetch()).data,
            }}
          />
        </>
      )}
    </section>
  );
}

export function Component() {
  return (
    <RequireSuperadmin>
      <EditDiscount />
    </RequireSuperadmin>
  );
}
