import { useState } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import type { Video } from '@coulisses/domain/schemas/videos';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { useConfirm } from '../../../components/ui/confirm-modal.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { useDeleteVideo } from '../api/delete-video.ts';
import { useMyVideos } from '../api/get-my-videos.ts';
import { VideoCard } from './video-card.tsx';
import { VideoListStates } from './video-list-states.tsx';

/** The signed-in creator's videos: search, cards with a delete 'x' ('Vazy' / 'Non'), 'Charger plus'. */
export function MyVideoList() {
  const [search, setSearch] = useState('');
  const { items, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useMyVideos(search);
  const remove = useDeleteVideo();
  const confirm = useConfirm();
  const alert = useAlert();

  const onDelete = async (video: Video) => {
    const sure = await confirm({
      message: MESSAGES.videoDeleteConfirm,
      confirmLabel: 'Vazy',
      cancelLabel: 'Non',
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(video.id);
      await alert(MESSAGES.videoDeleted);
    } catch {
      await alert(MESSAGES.videoDeleteFailed);
    }
  };

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
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Supprimer la vidéo ${video.title}`}
                    disabled={remove.isPending && remove.variables === video.id}
                    onClick={() => void onDelete(video)}
                  >
                    x
                  </button>
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
