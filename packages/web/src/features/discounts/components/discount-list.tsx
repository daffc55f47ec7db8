import { useState } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import { parisCalendarDay } from '@coulisses/domain/rules/discount-dates';
import type { Discount } from '@coulisses/domain/schemas/discounts';
import { quoted } from '@coulisses/domain/rules/quoted';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { useConfirm } from '../../../components/ui/confirm-modal.tsx';
import { SearchableList } from '../../../components/ui/searchable-list.tsx';
import { useDeleteDiscount } from '../api/delete-discount.ts';
import { useDiscounts } from '../api/get-discounts.ts';
import { DiscountCard } from './discount-card.tsx';
import { useSearchTerm } from '../../../lib/router.tsx';

/** Search, the discount cards and 'Charger plus'; deleting asks first ('Vazy' / 'Nan'). */
export function DiscountList({
  describeCategories,
}: {
  describeCategories: (ids: readonly string[]) => string;
}) {
  const [today] = useState(() => parisCalendarDay(Date.now()));
  const [search, setSearch] = useSearchTerm();
  const list = useDiscounts(search);
  const remove = useDeleteDiscount();
  const confirm = useConfirm();
  const alert = useAlert();

  const onDelete = async (discount: Discount) => {
    const sure = await confirm({
      title: `Supprimer ${quoted(discount.title)} ?`,
      message: MESSAGES.discountDeleteConfirm,
      confirmLabel: 'Vazy',
      cancelLabel: 'Nan',
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(discount.id);
    } catch {
      await alert(MESSAGES.discountDeleteFailed);
    }
  };

  return (
    <SearchableList
      className="discount-list"
      label="Liste des discounts"
      searchLabel="Chercher un discount par son titre"
      searchPlaceholder="Titre du discount"
      searchButtonLabel="Chercher"
      search={search}
      onSearch={setSearch}
      list={list}
      loadErrorMessage="Impossible de charger les discounts."
      emptyMessage={
        search ? `Aucun discount ne correspond à ${quoted(search)}.` : 'Aucun discount pour l’instant.'
      }
    >
      {(discounts) => (
        <ul className="card-grid">
          {discounts.map((discount) => (
            <DiscountCard
              key={discount.id}
              discount={discount}
              categories={describeCategories(discount.categories)}
              today={today}
              deleting={remove.isPending && remove.variables === discount.id}
              onDelete={(chosen) => void onDelete(chosen)}
            />
          ))}
        </ul>
      )}
    </SearchableList>
  );
}
