import type { ReactNode } from 'react';
import type { Video } from '@coulisses/domain/schemas/videos';
import { quoted } from '@coulisses/domain/rules/quoted';
import { SearchableList } from '../../../components/ui/searchable-list.tsx';
import type { usePagedList } from '../../../lib/use-paged-list.ts';

/** The cards on screen as a list opens: about three on a phone, a row of four on a wide screen. */
const FIRST_SCREEN_CARDS = 4;

interface VideoSearchListProps<T extends Video> {
  label: string;
  search: string;
  onSearch: (query: string) => void;
  list: ReturnType<typeof usePagedList<T>>;
  /** A card; `firstScreen` for those on screen as the list opens. */
  renderCard: (video: T, firstScreen: boolean) => ReactNode;
  /** Offered when there is no video yet. */
  emptyAction?: ReactNode;
}

/** Both video lists: search by title, the cards, and 'Charger plus'. */
export function VideoSearchList<T extends Video>({
  label,
  search,
  onSearch,
  list,
  renderCard,
  emptyAction,
}: VideoSearchListProps<T>) {
  return (
    <SearchableList
      className="video-list"
      label={label}
      searchLabel="Rechercher une vidéo par son titre"
      searchPlaceholder="Titre de la vidéo"
      searchButtonLabel="Rechercher"
      search={search}
      onSearch={onSearch}
      list={list}
      loadErrorMessage="Impossible de charger les vidéos."
      emptyMessage={
        search ? `Aucune vidéo ne correspond à ${quoted(search)}.` : 'Aucune vidéo pour l’instant.'
      }
      emptyAction={emptyAction}
    >
      {(videos) => (
        <ul className="card-grid">
          {videos.map((video, index) => renderCard(video, index < FIRST_SCREEN_CARDS))}
        </ul>
      )}
    </SearchableList>
  );
}
