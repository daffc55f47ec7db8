import { MESSAGES } from '@coulisses/domain/messages';
import type { AdminVideo } from '@coulisses/domain/schemas/videos';
import { FEATURED_VIDEOS_MAX } from '@coulisses/domain/constants/limits';
import { quoted } from '@coulisses/domain/rules/quoted';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { useConfirm } from '../../../components/ui/confirm-modal.tsx';
import { useFetchFeaturedVideos } from '../api/get-featured-videos.ts';
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
  const confirm = useConfirm();
  const fetchFeatured = useFetchFeaturedVideos();

  /** On a full list, names the video that featuring this one would push out, and asks first. */
  const confirmDropOut = async (video: AdminVideo) => {
    let list;
    try {
      list = (await fetchFeatured()).items;
    } catch {
      // The toggle itself will tell whether the server answers.
      return true;
    }
    const leaving = list.length >= FEATURED_VIDEOS_MAX ? list.at(-1) : undefined;
    if (!leaving) return true;
    return confirm({
      title: `Mettre ${quoted(video.title)} en avant ?`,
      message: `Il y a déjà ${FEATURED_VIDEOS_MAX} vidéos en avant : ${quoted(leaving.title)} (${leaving.creator}), la plus ancienne, en sortira.`,
      confirmLabel: 'Mettre en avant',
      cancelLabel: 'Annuler',
    });
  };

  const onToggle = async (video: AdminVideo) => {
    if (!video.featured && !(await confirmDropOut(video))) return;
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
      renderCard={(video, firstScreen) => (
        <VideoCard
          key={video.id}
          video={video}
          firstScreen={firstScreen}
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
                className={`button button-small feature-toggle${video.featured ? ' feature-toggle-on' : ''}`}
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
