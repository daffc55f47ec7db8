import { useState } from 'react';
import { isYoutubePlaceholder } from '@coulisses/domain/rules/youtube-link';

/**
 * The featured video's YouTube thumbnail; while the link is still being typed, or the video does
 * not exist, a clean placeholder rather than a broken image and its alt text.
 */
export function PreviewThumbnail({ url }: { url: string | null }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url || failedUrl === url) {
    return (
      <div className="phone-video phone-empty" data-testid="preview-thumbnail-placeholder">
        <span className="phone-play" aria-hidden="true">
          ▶
        </span>
        <span className="phone-video-label">Vidéo à la une</span>
      </div>
    );
  }
  return (
    <div className="phone-video">
      <img
        src={url}
        alt="Miniature de la vidéo à la une"
        onError={() => setFailedUrl(url)}
        onLoad={(event) => {
          if (isYoutubePlaceholder(event.currentTarget.naturalWidth)) setFailedUrl(url);
        }}
      />
      <span className="phone-play" aria-hidden="true">
        ▶
      </span>
    </div>
  );
}
