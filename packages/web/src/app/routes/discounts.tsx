import { Link } from '../../lib/router.tsx';
import { paths } from '../../config/paths.ts';
import { RequireSuperadmin } from '../guards.tsx';
import { useCategoryLabels } from '../../features/categories/api/category-labels.ts';
import { CategoryList } from '../../features/categories/components/category-list.tsx';
import { DiscountList } from '../../features/discounts/components/discount-list.tsx';

// Inside the guard: discount categories are the superadmin's to read, nobody else asks for them.
function DiscountsPage() {
  const describeCategories = useCategoryLabels('discount');
  return (
    <section className="page">
      <div className="page-header">
        <h1>Discounts</h1>
        <Link className="button button-primary" to={paths.addDiscount}>
          Ajouter un discount
        </Link>
      </div>
      <CategoryList kind="discount" editable />
      <DiscountList describeCategories={describeCategories} />
    </section>
  );
}

export function Component() {
  return (
    <RequireSuperadmin>
      <DiscountsPage />
    </RequireSuperadmin>
  );
}
