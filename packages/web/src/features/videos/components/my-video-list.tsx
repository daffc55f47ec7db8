import { MESSAGES } from '@coulisses/domain/messages';
import { useMyVideos } from '../api/get-my-videos.ts';
import { DeleteVideoButton } from './delete-video-button.tsx';
import { VideoCard } from './video-card.tsx';
import { VideoFacts } from './video-facts.tsx';
import { VideoSearchList } from './video-search-list.tsx';
import { Link, useSearchTerm } from '../../../lib/router.tsx';
import { paths, pathOf } from '../../../config/paths.ts';
import { EditLink } from '../../../components/ui/edit-link.tsx';

/**
 * The signed-in creator's videos: search, cards with their categories, state and date, 'Modifier'
 * and a delete 'x' ('Vazy' / 'Non'), 'Charger plus'.
 */
export function MyVideoList({
  describeCategories,
}: {
  describeCategories: (ids: readonly string[]) => string;
}) {
  const [search, setSearch] = useSearchTerm();
  const list = useMyVideos(search);

  return (
    <VideoSearchList
      label="Mes vidéos"
      search={search}
      onSearch={setSearch}
      list={list}
      emptyAction={
        <Link to={paths.addVideo} className="button button-primary">
          Ajouter une vidéo
        </Link>
      }
      renderCard={(video, firstScreen) => (
        <VideoCard
          key={video.id}
          video={video}
          firstScreen={firstScreen}
          meta={<VideoFacts video={video} categories={describeCategories(video.categories)} />}
          actions={
            <>
              <EditLink to={pathOf(paths.editVideo, video.id)} label={`Modifier la vidéo ${video.title}`} />
              <DeleteVideoButton
                video={video}
                successMessage={MESSAGES.videoDeleted}
                failureMessage={MESSAGES.videoDeleteFailed}
              />
            </>
          }
        />
      )}
    />
  );
}
