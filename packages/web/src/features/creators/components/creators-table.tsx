import type { ReactNode } from 'react';
import { formatCount } from '@coulisses/domain/rules/number-format';
import { MESSAGES } from '@coulisses/domain/messages';
import { searchTerm } from '@coulisses/domain/rules/text-search';
import type { CreatorListItem } from '@coulisses/domain/schemas/creators';
import { quoted } from '@coulisses/domain/rules/quoted';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { useConfirm } from '../../../components/ui/confirm-modal.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { CsvExportLink } from '../../../components/ui/csv-export-link.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { ShortId } from '../../../components/ui/short-id.tsx';
import { useUser } from '../../../lib/auth.tsx';
import { useSearchTerm } from '../../../lib/router.tsx';
import { CREATORS_URL } from '../api/creator-keys.ts';
import { useCreators } from '../api/get-creators.ts';
import { useSetCreatorStatus } from '../api/set-creator-status.ts';

/**
 * Every creator with their status, searched by e-mail as the export is; suspending or reactivating
 * asks first. `moreActions` adds what other features do to a creator's account (the route composes
 * them).
 */
export function CreatorsTable({ moreActions }: { moreActions?: (creator: CreatorListItem) => ReactNode }) {
  const [search, setSearch] = useSearchTerm();
  return (
    <section className="creators-list" aria-label="Liste des créateurs">
      <div className="list-toolbar">
        <SearchForm
          search={search}
          label="Chercher un créateur par e-mail"
          placeholder="E-mail du créateur"
          buttonLabel="Rechercher"
          onSearch={setSearch}
        />
        <CsvExportLink url={`${CREATORS_URL}/export.csv`} search={search} />
      </div>
      <CreatorRows search={search} moreActions={moreActions} />
    </section>
  );
}

function CreatorRows({
  search,
  moreActions,
}: {
  search: string;
  moreActions?: (creator: CreatorListItem) => ReactNode;
}) {
  const { data, isPending, isError, refetch } = useCreators();
  const setStatus = useSetCreatorStatus();
  const me = useUser();
  const confirm = useConfirm();
  const alert = useAlert();

  const toggle = async (creator: CreatorListItem) => {
    const suspending = creator.is_active;
    const sure = await confirm({
      title: `${suspending ? 'Suspendre' : 'Réactiver'} ${creator.name || creator.email} ?`,
      message: suspending ? MESSAGES.creatorSuspendConfirm : MESSAGES.creatorReactivateConfirm,
      confirmLabel: suspending ? 'Suspendre' : 'Réactiver',
      cancelLabel: 'Annuler',
    });
    if (!sure) return;
    try {
      await setStatus.mutateAsync({ id: creator.id, active: !suspending });
      await alert(suspending ? MESSAGES.creatorSuspended : MESSAGES.creatorReactivated);
    } catch {
      await alert(MESSAGES.creatorStatusFailed);
    }
  };

  if (isPending) return <Loading label="Chargement des créateurs…" />;
  if (isError)
    return <LoadError message="Impossible de charger les créateurs." onRetry={() => void refetch()} />;
  // Every creator is already here: the search filters them as the server does for the export.
  const term = searchTerm(search);
  const creators = term ? data.items.filter((creator) => creator.email.includes(term)) : data.items;
  if (creators.length === 0)
    return (
      <p className="empty-state">
        {search ? `Aucun créateur ne correspond à ${quoted(search)}.` : 'Aucun créateur pour l’instant.'}
      </p>
    );
  return (
    <div className="table-scroll">
      <table className="data-table stacked-table">
        <caption className="visually-hidden">Créateurs, par e-mail</caption>
        <thead>
          <tr>
            <th scope="col">Nom</th>
            <th scope="col">E-mail</th>
            <th scope="col">Vidéos</th>
            <th scope="col">Page</th>
            <th scope="col">Statut</th>
            <th scope="col">ID</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {creators.map((creator) => {
            const busy = setStatus.isPending && setStatus.variables.id === creator.id;
            const who = creator.name || creator.email;
            return (
              <tr key={creator.id}>
                <td data-label="Nom">{creator.name || <span className="muted">Sans titre</span>}</td>
                <td data-label="E-mail" className="cell-email">
                  <EmailText email={creator.email} />
                </td>
                <td data-label="Vidéos">{formatCount(creator.video_count)}</td>
                <td data-label="Page">{creator.is_live ? 'Publiée' : 'Brouillon'}</td>
                <td data-label="Statut">
                  <span
                    className={`status-badge ${creator.is_active ? 'status-active' : 'status-suspended'}`}
                  >
                    {creator.is_active ? 'ACTIF' : 'SUSPENDU'}
                  </span>
                </td>
                <td data-label="ID" className="cell-id">
                  <ShortId id={creator.id} />
                </td>
                <td className="cell-action">
                  {creator.id === me?.id ? (
                    <span className="muted">C’est toi</span>
                  ) : (
                    <button
                      type="button"
                      className={`button button-small ${creator.is_active ? 'button-danger-quiet' : ''}`}
                      disabled={busy}
                      aria-label={`${creator.is_active ? 'Suspendre' : 'Réactiver'} ${who}`}
                      onClick={() => void toggle(creator)}
                    >
                      {creator.is_active ? 'Suspendre' : 'Réactiver'}
                    </button>
                  )}
                  {moreActions?.(creator)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
