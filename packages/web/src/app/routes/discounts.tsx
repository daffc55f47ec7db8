import { Link } from '../../lib/router.tsx';
import { paths } from '../../config/paths.ts';
import { RequireSuperadmin } from '../guards.tsx';
import { CategoryList } from '../../features/categories/components/category-list.tsx';
import { DiscountList } from '../../features/discounts/components/discount-list.tsx';

export function Component() {
  return (
    <RequireSuperadmin>
      <section className="page">
        <div className="page-header">
          <h1>Discounts</h1>
          <Link className="button button-primary" to={paths.addDiscount}>
            Ajouter un discount
          </Link>
        </div>
        <CategoryList kind="discount" editable />
        <DiscountList />
      </section>
    </RequireSuperadmin>
  );
}
