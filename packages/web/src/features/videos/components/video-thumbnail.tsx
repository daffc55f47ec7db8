import { useEffect, useRef, useState } from 'react';
import { isYoutubePlaceholder, thumbnailUrlOf } from '@coulisses/domain/rules/youtube-link';
import { cardImageSources } from '../../../lib/card-image.ts';

/**
 * The YouTube thumbnail of the video, or its own horizontal image (its stored thumbnail where that
 * is sharp enough) when that cannot load. Lazily loaded, except on the list's first screen:
 * fetched at once and first, the largest thing the page paints there does not wait for the layout
 * to find it on screen.
 */
export function VideoThumbnail({
  videoUrl,
  fallbackUrl,
  fallbackThumbnailUrl,
  sizes,
  alt,
  firstScreen = false,
}: {
  videoUrl: string;
  fallbackUrl: string;
  fallbackThumbnailUrl: string | null;
  /** How wide it is drawn, when not on a list's card (lib/card-image.ts). */
  sizes?: string;
  alt: string;
  firstScreen?: boolean;
}) {
  // Drawn 6.5rem wide on a phone and about 16rem on a wide screen (styles/lists.css): 320x180 is
  // enough, a third of the larger file's pixels and none of its black bands.
  const youtube = thumbnailUrlOf(videoUrl, 'medium');
  const [failed, setFailed] = useState(false);
  const useYoutube = youtube !== null && !failed;
  const own = cardImageSources(fallbackUrl, fallbackThumbnailUrl, sizes);
  const image = useRef<HTMLImageElement>(null);
  // On a page drawn by the server, src/thumbnail-fallback.ts may have shown the video's own
  // picture before this code ran.
  useEffect(() => {
    if (image.current?.dataset.source === 'upload') setFailed(true);
  }, []);
  return (
    <img
      ref={image}
      className="media-card-image"
      {...(useYoutube
        ? {
            src: youtube,
            'data-fallback-src': own.src,
            'data-fallback-srcset': own.srcSet,
            'data-fallback-sizes': own.sizes,
          }
        : own)}
      alt={alt}
      width={900}
      height={600}
      loading={firstScreen ? 'eager' : 'lazy'}
      fetchPriority={firstScreen ? 'high' : undefined}
      decoding="async"
      data-source={useYoutube ? 'youtube' : 'upload'}
      onError={() => setFailed(true)}
      onLoad={(event) => {
        if (useYoutube && isYoutubePlaceholder(event.currentTarget.naturalWidth)) setFailed(true);
      }}
    />
  );
}
