import { useId } from 'react';
import type { CategoryKind } from '@coulisses/domain/schemas/categories';
import type { MultiChoiceFieldProps } from '../../../components/ui/form/choice-field.ts';
import { FieldError, RequiredMark } from '../../../components/ui/form/field-error.tsx';
import { useCategories } from '../api/get-categories.ts';
import { CategoryStates } from './category-states.tsx';

interface CategoryPickerProps extends MultiChoiceFieldProps {
  kind: CategoryKind;
  legend?: string;
  required?: boolean;
}

/** Checkboxes to file something under one or more categories of a kind, for forms. */
export function CategoryPicker({
  kind,
  value,
  onChange,
  legend = 'Catégories',
  required,
  error,
}: CategoryPickerProps) {
  const query = useCategories(kind);
  const categories = query.data;
  const errorId = useId();
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((chosen) => chosen !== id));
  return (
    <fieldset
      className="field category-picker"
      aria-invalid={!!error}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>
        {legend}
        {required && <RequiredMark />}
      </legend>
      <CategoryStates query={query} />
      {categories && categories.length > 0 && (
        <div className="checkbox-group">
          {categories.map((category) => (
            <label key={category.id} className="checkbox">
              <input
                type="checkbox"
                name="categories"
                value={category.id}
                checked={value.includes(category.id)}
                onChange={(event) => toggle(category.id, event.target.checked)}
              />
              {category.name}
            </label>
          ))}
        </div>
      )}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
