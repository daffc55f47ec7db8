import { useEffect, useRef, useState } from 'react';
import { FEATURED_VIDEOS_MAX } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import type { FeaturedList } from '@coulisses/domain/schemas/videos';
import { quoted } from '@coulisses/domain/rules/quoted';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Link } from '../../../lib/router.tsx';
import { useFeaturedVideos } from '../api/get-featured-videos.ts';
import { useMoveFeatured, useUnfeature } from '../api/reorder-featured.ts';
import { VideoThumbnail } from './video-thumbnail.tsx';
import { withNoBreakSpaces } from '@coulisses/domain/rules/no-break-spaces';

type FeaturedItem = FeaturedList['items'][number];
type Direction = 'up' | 'down';

/**
 * The featured list as the app shows it, for the superadmin: its order, how full it is, and ways
 * to change it. A row moves by drag and drop or by its up/down buttons; the button pressed keeps
 * the focus, and a spoken line says where the video now is.
 */
export function FeaturedManager() {
  const featured = useFeaturedVideos();
  const move = useMoveFeatured();
  const unfeature = useUnfeature();
  const alert = useAlert();
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const focusAfterMove = useRef<{ id: string; direction: Direction } | null>(null);
  const items = featured.data?.items;

  // A moved row's button keeps the focus, or its twin once the row reaches an end of the list.
  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending || !items) return;
    focusAfterMove.current = null;
    const row = document.querySelector(`[data-featured-id="${CSS.escape(pending.id)}"]`);
    const pressed = row?.querySelector<HTMLButtonElement>(`[data-direction="${pending.direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(
      `[data-direction="${pending.direction === 'up' ? 'down' : 'up'}"]`,
    );
    (pressed && !pressed.disabled ? pressed : other)?.focus();
  }, [items]);

  if (featured.isPending) return <Loading />;
  if (featured.isError || !items) return <LoadError onRetry={() => void featured.refetch()} />;

  const moveTo = async (item: FeaturedItem, position: number, direction?: Direction) => {
    if (direction) focusAfterMove.current = { id: item.id, direction };
    setAnnouncement(`${quoted(item.title)} est maintenant en place ${position + 1} sur ${items.length}.`);
    try {
      await move.mutateAsync({ id: item.id, position });
    } catch (error) {
      setAnnouncement('');
      await alert(
        error instanceof ApiError && error.status === 409 ? error.message : MESSAGES.featuredMoveFailed,
      );
    }
  };

  const remove = async (item: FeaturedItem) => {
    try {
      await unfeature.mutateAsync(item.id);
      setAnnouncement(`${quoted(item.title)} n’est plus à la une.`);
      await alert(MESSAGES.featuredRemoved);
    } catch {
      await alert(MESSAGES.featuredFailed);
    }
  };

  const drop = (position: number) => {
    const item = items.find(({ id }) => id === dragged);
    setDragged(null);
    setDropTarget(null);
    if (item && items.indexOf(item) !== position) void moveTo(item, position);
  };

  return (
    <>
      <div className="page-header">
        <h1>À la une</h1>
        <p className="page-count">
          <span aria-hidden="true">
            {items.length} / {FEATURED_VIDEOS_MAX}
          </span>
          <span className="visually-hidden">{`${items.length} vidéos sur ${FEATURED_VIDEOS_MAX} à la une`}</span>
        </p>
      </div>
      <p className="lead">
        L’app montre ces vidéos dans cet ordre, la première en tête. Glisse une vidéo ou utilise ses flèches
        pour la déplacer ; une vidéo mise en avant depuis <Link to={paths.allVideos}>Toutes les vidéos</Link>{' '}
        arrive en tête.
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {items.length === 0 ? (
        <div className="empty-state card">
          <p>Aucune vidéo à la une pour l’instant.</p>
          <p>
            <Link className="button button-primary" to={paths.allVideos}>
              Choisir dans Toutes les vidéos
            </Link>
          </p>
        </div>
      ) : (
        <ol className="featured-list" aria-label="Vidéos à la une, dans l’ordre de l’app">
          {items.map((item, index) => (
            <li
              key={item.id}
              data-featured-id={item.id}
              className={`card featured-row${dragged === item.id ? ' featured-row-dragged' : ''}${
                dropTarget === index && dragged !== item.id ? ' featured-row-target' : ''
              }`}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', item.id);
                setDragged(item.id);
              }}
              onDragEnd={() => {
                setDragged(null);
                setDropTarget(null);
              }}
              onDragOver={(event) => {
                if (!dragged) return;
                event.preventDefault();
                setDropTarget(index);
              }}
              onDrop={(event) => {
                event.preventDefault();
                drop(index);
              }}
            >
              <span className="featured-place" aria-hidden="true">
                {index + 1}
              </span>
              <span className="featured-handle" aria-hidden="true" title="Glisser pour déplacer">
                ⠿
              </span>
              <VideoThumbnail
                videoUrl={item.video_url}
                fallbackUrl={item.hor_img_url}
                fallbackThumbnailUrl={item.hor_img_thumb_url}
                sizes="6rem"
                alt=""
              />
              <div className="featured-text">
                <h2 className="media-card-title">
                  <span className="visually-hidden">{`Place ${index + 1} : `}</span>
                  {withNoBreakSpaces(item.title)}
                </h2>
                <p className="media-card-meta">Par {item.creator}</p>
              </div>
              <div className="featured-actions">
                <button
                  type="button"
                  className="button button-small featured-move"
                  data-direction="up"
                  aria-label={`Monter ${quoted(item.title)}`}
                  disabled={index === 0}
                  onClick={() => void moveTo(item, index - 1, 'up')}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button-small featured-move"
                  data-direction="down"
                  aria-label={`Descendre ${quoted(item.title)}`}
                  disabled={index === items.length - 1}
                  onClick={() => void moveTo(item, index + 1, 'down')}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button button-small button-danger-quiet"
                  aria-label={`Retirer ${quoted(item.title)} de la une`}
                  disabled={unfeature.isPending && unfeature.variables === item.id}
                  onClick={() => void remove(item)}
                >
                  Retirer
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
