import { quoted } from '@coulisses/domain/rules/quoted';
import { CsvExportLink } from '../../../components/ui/csv-export-link.tsx';
import { SearchableList } from '../../../components/ui/searchable-list.tsx';
import { useSubscribers } from '../api/get-subscribers.ts';
import { SUBSCRIBERS_URL } from '../api/subscriber-keys.ts';
import { useSearchTerm } from '../../../lib/router.tsx';
import { EmailText } from '../../../components/ui/email-text.tsx';
import { ShortId } from '../../../components/ui/short-id.tsx';
import { EndSessionsButton } from './end-sessions-button.tsx';
import { MuteButton } from './mute-button.tsx';

const yesNo = (value: boolean) => (value ? 'oui' : 'non');

/**
 * Search by e-mail, then every matching subscriber with their roles, whether they may comment, and
 * ways to mute them or sign them out everywhere; 'Charger plus' past 500, and the search's whole result as a CSV file.
 */
export function SubscribersTable() {
  const [search, setSearch] = useSearchTerm();
  const list = useSubscribers(search);
  return (
    <SearchableList
      className="subscribers-list"
      label="Liste des abonnés"
      searchLabel="Chercher un abonné par e-mail"
      searchPlaceholder="E-mail de l’abonné"
      searchButtonLabel="Rechercher"
      search={search}
      onSearch={setSearch}
      list={list}
      loadErrorMessage="Impossible de charger les abonnés."
      actions={<CsvExportLink url={`${SUBSCRIBERS_URL}/export.csv`} search={search} />}
      emptyMessage={
        search ? `Aucun abonné ne correspond à ${quoted(search)}.` : 'Aucun abonné pour l’instant.'
      }
    >
      {(subscribers) => (
        <div className="table-scroll">
          <table className="data-table stacked-table">
            <caption className="visually-hidden">Abonnés, par e-mail</caption>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Pseudo</th>
                <th scope="col">Créateur</th>
                <th scope="col">Superadmin</th>
                <th scope="col">Commentaires</th>
                <th scope="col">ID</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {subscribers.map((subscriber) => (
                <tr key={subscriber.id}>
                  <td data-label="E-mail" className="cell-email">
                    <EmailText email={subscriber.email} />
                  </td>
                  <td data-label="Pseudo">{subscriber.pseudonym ?? <span className="muted">—</span>}</td>
                  <td data-label="Créateur">{yesNo(subscriber.is_creator)}</td>
                  <td data-label="Superadmin">{yesNo(subscriber.is_superadmin)}</td>
                  <td data-label="Commentaires">
                    {subscriber.comments_muted ? (
                      <span className="status-badge status-suspended">En sourdine</span>
                    ) : (
                      'autorisés'
                    )}
                  </td>
                  <td data-label="ID" className="cell-id">
                    <ShortId id={subscriber.id} />
                  </td>
                  <td className="cell-action">
                    <MuteButton user={{ ...subscriber, name: subscriber.email }} />
                    <EndSessionsButton user={subscriber} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SearchableList>
  );
}
