import { useId, useState, type FormEvent } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import { formatCountOf } from '@coulisses/domain/rules/number-format';
import type { Category, CategoryCreate, CategoryKind } from '@coulisses/domain/schemas/categories';
import { quoted } from '@coulisses/domain/rules/quoted';
import { ApiError } from '../../../lib/api-client.ts';
import { prepareValidation, validate } from '../../../lib/validation.ts';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { useConfirm } from '../../../components/ui/confirm-modal.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useCategories } from '../api/get-categories.ts';
import { CategoryStates } from './category-states.tsx';
import { useCreateCategory } from '../api/create-category.ts';
import { useDeleteCategory } from '../api/delete-category.ts';
import { useRenameCategory } from '../api/rename-category.ts';

const TITLES: Record<CategoryKind, string> = {
  video: 'Catégories de vidéos',
  discount: 'Catégories de discounts',
};

/** How much a category files, the way a superadmin says it: 'aucune vidéo', '1 vidéo', '3 vidéos'. */
const USES: Record<CategoryKind, (count: number) => string> = {
  video: (count) => (count === 0 ? 'aucune vidéo' : formatCountOf(count, 'vidéo', 'vidéos')),
  discount: (count) => (count === 0 ? 'aucun discount' : formatCountOf(count, 'discount', 'discounts')),
};

interface CategoryListProps {
  kind: CategoryKind;
  /** Shows '+' and 'x'. Only for the superadmin: the server refuses anyone else anyway. */
  editable: boolean;
}

function messageOf(error: unknown, field?: string): string {
  if (error instanceof ApiError) return (field && error.fields[field]) || error.message;
  return MESSAGES.serverError;
}

/** The collapsible list of a kind's categories, with add, rename and delete for the superadmin. */
export function CategoryList({ kind, editable }: CategoryListProps) {
  const query = useCategories(kind);
  const categories = query.data;
  const title = TITLES[kind];
  return (
    <details className="collapsible category-list">
      <summary>
        {title}
        {categories && ` (${categories.length})`}
      </summary>
      <div className="collapsible-body">
        <CategoryStates query={query} />
        {categories && categories.length > 0 && (
          <ul className="chip-list" aria-label={title}>
            {categories.map((category) => (
              <CategoryChip key={category.id} kind={kind} category={category} editable={editable} />
            ))}
          </ul>
        )}
        {editable && <AddCategoryForm kind={kind} />}
      </div>
    </details>
  );
}

function CategoryChip({
  kind,
  category,
  editable,
}: {
  kind: CategoryKind;
  category: Category;
  editable: boolean;
}) {
  const confirm = useConfirm();
  const alert = useAlert();
  const remove = useDeleteCategory(kind);
  const [renaming, setRenaming] = useState(false);
  const reasonId = useId();
  const onDelete = async () => {
    const sure = await confirm({
      title: `Supprimer ${quoted(category.name)} ?`,
      message: MESSAGES.categoryDeleteConfirm,
      confirmLabel: 'ben oui',
      cancelLabel: 'oups non',
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(category.id);
    } catch (error) {
      await alert(messageOf(error));
    }
  };
  if (renaming) {
    return (
      <li className="chip chip-editing">
        <RenameCategoryForm kind={kind} category={category} onDone={() => setRenaming(false)} />
      </li>
    );
  }
  const inUse = category.use_count > 0;
  const inUseMessage = kind === 'video' ? MESSAGES.videoCategoryInUse : MESSAGES.discountCategoryInUse;
  return (
    <li className="chip">
      <span>{category.name}</span>
      {editable && <span className="chip-count">{USES[kind](category.use_count)}</span>}
      {editable && (
        <button
          type="button"
          className="icon-button"
          aria-label={`Renommer la catégorie ${category.name}`}
          onClick={() => setRenaming(true)}
        >
          ✎
        </button>
      )}
      {editable && (
        <button
          type="button"
          className="icon-button"
          aria-label={`Supprimer la catégorie ${category.name}`}
          // Still focusable while in use, so the keyboard reaches the reason it cannot go.
          aria-disabled={inUse || undefined}
          aria-describedby={inUse ? reasonId : undefined}
          title={inUse ? inUseMessage : undefined}
          disabled={remove.isPending}
          onClick={() => void (inUse ? alert(inUseMessage) : onDelete())}
        >
          x
        </button>
      )}
      {editable && inUse && (
        <span id={reasonId} className="visually-hidden">
          {inUseMessage}
        </span>
      )}
    </li>
  );
}

const categorySchema = () =>
  import('@coulisses/domain/schemas/categories').then((m) => m.CategoryCreateSchema);

/**
 * The submit of a category's name form: the name checked by the shared schema, then `save`d; a
 * refusal, here or from the server, is told in the alert box and the name stays as typed.
 */
function useNameSubmit(name: string, save: (fields: CategoryCreate) => Promise<void>) {
  const alert = useAlert();
  return async (event: FormEvent) => {
    event.preventDefault();
    const parsed = await validate(categorySchema, { name });
    if (!parsed.success) {
      await alert(parsed.issues[0]?.message ?? MESSAGES.categoryNameEmpty);
      return;
    }
    try {
      await save(parsed.data);
    } catch (error) {
      await alert(messageOf(error, 'name'));
    }
  };
}

/** The category's new name, checked by the add form's rule; Échap or 'Annuler' leaves it as it was. */
function RenameCategoryForm({
  kind,
  category,
  onDone,
}: {
  kind: CategoryKind;
  category: Category;
  onDone: () => void;
}) {
  const [name, setName] = useState(category.name);
  const rename = useRenameCategory(kind);
  const id = useId();
  const submit = useNameSubmit(name, async (fields) => {
    await rename.mutateAsync({ id: category.id, ...fields });
    onDone();
  });
  return (
    <form
      className="inline-form"
      onFocus={() => prepareValidation(categorySchema)}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {`Nouveau nom de la catégorie ${category.name}`}
      </label>
      <input
        id={id}
        type="text"
        value={name}
        maxLength={200}
        autoFocus
        onChange={(event) => setName(event.target.value)}
      />
      <SubmitButton busy={rename.isPending}>Enregistrer</SubmitButton>
      <button type="button" className="button" onClick={onDone}>
        Annuler
      </button>
    </form>
  );
}

function AddCategoryForm({ kind }: { kind: CategoryKind }) {
  const [name, setName] = useState('');
  const create = useCreateCategory(kind);
  const id = useId();
  const submit = useNameSubmit(name, async (fields) => {
    await create.mutateAsync(fields);
    setName('');
  });
  return (
    <form
      className="inline-form"
      onFocus={() => prepareValidation(categorySchema)}
      onSubmit={(event) => void submit(event)}
    >
      <label htmlFor={id} className="visually-hidden">
        Nouvelle catégorie
      </label>
      <input
        id={id}
        type="text"
        value={name}
        placeholder="Nouvelle catégorie"
        maxLength={200}
        onChange={(event) => setName(event.target.value)}
      />
      <SubmitButton busy={create.isPending} aria-label="Ajouter la catégorie">
        +
      </SubmitButton>
    </form>
  );
}
