import { RequireSuperadmin } from '../guards.tsx';
import { CategoryPicker } from '../../features/categories/components/category-picker.tsx';
import { DiscountForm } from '../../features/discounts/components/discount-form.tsx';

export function Component() {
  return (
    <RequireSuperadmin>
      <section className="page add-discount-page">
        <h1>Ajouter un discount</h1>
        <p className="lead">Les champs marqués d’une * sont obligatoires. L’image est recadrée en 900x600.</p>
        <DiscountForm renderCategories={(props) => <CategoryPicker kind="discount" required {...props} />} />
      </section>
    </RequireSuperadmin>
  );
}
