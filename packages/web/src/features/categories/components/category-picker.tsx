import { useId } from 'react';
import type { CategoryKind } from '@coulisses/domain/schemas/categories';
import { Loading } from '../../../components/ui/loading.tsx';
import { useCategories } from '../api/get-categories.ts';

interface CategoryPickerProps {
  kind: CategoryKind;
  /** The chosen category ids. */
  value: string[];
  onChange: (ids: string[]) => void;
  legend?: string;
  required?: boolean;
  error?: string;
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
  const { data: categories, isPending, isError, refetch } = useCategories(kind);
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
        {required && (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      {isPending && <Loading />}
      {isError && (
        <p className="notice notice-error" role="alert">
          Impossible de charger les catégories.{' '}
          <button type="button" className="button-link" onClick={() => void refetch()}>
            Réessayer
          </button>
        </p>
      )}
      {categories && categories.length === 0 && (
        <p className="field-hint">Aucune catégorie pour l'instant.</p>
      )}
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
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
