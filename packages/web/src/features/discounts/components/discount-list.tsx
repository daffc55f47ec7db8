import { useState } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import type { Discount } from '@coulisses/domain/schemas/discounts';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { useConfirm } from '../../../components/ui/confirm-modal.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { useDeleteDiscount } from '../api/delete-discount.ts';
import { useDiscounts } from '../api/get-discounts.ts';
import { DiscountCard } from './discount-card.tsx';

/** Search, the discount cards and 'Charger plus'; deleting asks first ('Vazy' / 'Nan'). */
export function DiscountList() {
  const [search, setSearch] = useState('');
  const { items, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useDiscounts(search);
  const remove = useDeleteDiscount();
  const confirm = useConfirm();
  const alert = useAlert();

  const onDelete = async (discount: Discount) => {
    const sure = await confirm({
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
    <section className="discount-list" aria-label="Liste des discounts">
      <SearchForm
        label="Chercher un discount par son titre"
        placeholder="Titre du discount"
        buttonLabel="Chercher"
        onSearch={setSearch}
      />
      {isPending && <Loading />}
      {isError && (
        <p className="notice notice-error" role="alert">
          Impossible de charger les discounts.{' '}
          <button type="button" className="button-link" onClick={() => void refetch()}>
            Réessayer
          </button>
        </p>
      )}
      {!isPending && !isError && items.length === 0 && (
        <p className="empty-state">
          {search ? `Aucun discount ne correspond à « ${search} ».` : "Aucun discount pour l'instant."}
        </p>
      )}
      {items.length > 0 && (
        <ul className="card-grid">
          {items.map((discount) => (
            <DiscountCard
              key={discount.id}
              discount={discount}
              deleting={remove.isPending && remove.variables === discount.id}
              onDelete={(chosen) => void onDelete(chosen)}
            />
          ))}
        </ul>
      )}
      <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} onLoad={() => void fetchNextPage()} />
    </section>
  );
}
