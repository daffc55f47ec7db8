import { useState } from 'react';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { useUsers } from '../api/get-users.ts';

const yesNo = (value: boolean) => (value ? 'oui' : 'non');

/** Search by e-mail, then every matching subscriber with their roles; 'Charger plus' past 500. */
export function UsersTable() {
  const [search, setSearch] = useState('');
  const { items, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useUsers(search);
  return (
    <section className="users-list" aria-label="Liste des abonnés">
      <SearchForm label="Chercher un abonné par e-mail" buttonLabel="Rechercher" onSearch={setSearch} />
      {isPending && <Loading />}
      {isError && (
        <p className="notice notice-error" role="alert">
          Impossible de charger les abonnés.{' '}
          <button type="button" className="button-link" onClick={() => void refetch()}>
            Réessayer
          </button>
        </p>
      )}
      {!isPending && !isError && items.length === 0 && (
        <p className="empty-state">
          {search ? `Aucun abonné ne correspond à « ${search} ».` : "Aucun abonné pour l'instant."}
        </p>
      )}
      {items.length > 0 && (
        <div className="table-scroll">
          <table className="data-table stacked-table">
            <caption className="visually-hidden">Abonnés, par e-mail</caption>
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">E-mail</th>
                <th scope="col">Créateur</th>
                <th scope="col">Superadmin</th>
              </tr>
            </thead>
            <tbody>
              {items.map((user) => (
                <tr key={user.id}>
                  <td data-label="ID" className="cell-id">
                    {user.id}
                  </td>
                  <td data-label="E-mail" className="cell-email">
                    {user.email}
                  </td>
                  <td data-label="Créateur">{yesNo(user.is_creator)}</td>
                  <td data-label="Superadmin">{yesNo(user.is_superadmin)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} onLoad={() => void fetchNextPage()} />
    </section>
  );
}
