import { useState } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { useMyVideos } from '../api/get-my-videos.ts';
import { DeleteVideoButton } from './delete-video-button.tsx';
import { VideoCard } from './video-card.tsx';
import { VideoListStates } from './video-list-states.tsx';

/** The signed-in creator's videos: search, cards with a delete 'x' ('Vazy' / 'Non'), 'Charger plus'. */
export function MyVideoList() {
  const [search, setSearch] = useState('');
  const { items, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useMyVideos(search);

  return (
    <section className="video-list" aria-label="Mes vidéos">
      <SearchForm label="Rechercher une vidéo par son titre" buttonLabel="Rechercher" onSearch={setSearch} />
      <VideoListStates
        isPending={isPending}
        isError={isError}
        isEmpty={items.length === 0}
        search={search}
        onRetry={() => void refetch()}
      />
      {items.length > 0 && (
        <ul className="card-grid">
          {items.map((video) => (
            <VideoCard
              key={video.id}
              video={video}
              actions={
                <>
                  <span />
                  <DeleteVideoButton
                    video={video}
                    successMessage={MESSAGES.videoDeleted}
                    failureMessage={MESSAGES.videoDeleteFailed}
                  />
                </>
              }
            />
          ))}
        </ul>
      )}
      <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} onLoad={() => void fetchNextPage()} />
    </section>
  );
}
