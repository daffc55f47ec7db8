import { MESSAGES } from '@coulisses/domain/messages';
import type { AdminVideo } from '@coulisses/domain/schemas/videos';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { useAllVideos } from '../api/get-all-videos.ts';
import { useToggleFeatured } from '../api/toggle-featured.ts';
import { DeleteVideoButton } from './delete-video-button.tsx';
import { VideoCard } from './video-card.tsx';
import { VideoSearchList } from './video-search-list.tsx';
import { useSearchTerm } from '../../../lib/router.tsx';
import { paths, pathOf } from '../../../config/paths.ts';
import { EditLink } from '../../../components/ui/edit-link.tsx';

/** Every video for the superadmin: search, creator, feature/unfeature, 'Modifier', delete cross, 'Charger plus'. */
export function AllVideoList() {
  const [search, setSearch] = useSearchTerm();
  const list = useAllVideos(search);
  const feature = useToggleFeatured();
  const alert = useAlert();

  const onToggle = async (video: AdminVideo) => {
    try {
      const { featured } = await feature.mutateAsync(video.id);
      await alert(featured ? MESSAGES.featuredAdded : MESSAGES.featuredRemoved);
    } catch {
      await alert(MESSAGES.featuredFailed);
    }
  };

  return (
    <VideoSearchList
      label="Toutes les vidéos"
      search={search}
      onSearch={setSearch}
      list={list}
      renderCard={(video) => (
        <VideoCard
          key={video.id}
          video={video}
          meta={
            <>
              <p className="media-card-meta">Par {video.creator.title || video.creator.email}</p>
              {video.featured && <p className="status-badge status-featured">En avant</p>}
            </>
          }
          actions={
            <>
              <button
                type="button"
                className={`button button-small${video.featured ? '' : ' button-primary'}`}
                aria-label={`${video.featured ? 'Ne plus mettre en avant' : 'Mettre en avant'} : ${video.title}`}
                disabled={feature.isPending && feature.variables === video.id}
                onClick={() => void onToggle(video)}
              >
                {video.featured ? 'Ne plus mettre en avant' : 'Mettre en avant'}
              </button>
              <EditLink to={pathOf(paths.editVideo, video.id)} label={`Modifier la vidéo ${video.title}`} />
              <DeleteVideoButton video={video} failureMessage={MESSAGES.videoDeleteFailedAdmin} />
            </>
          }
        />
      )}
    />
  );
}
