import type { ReactNode } from 'react';
import type { Video } from '@coulisses/domain/schemas/videos';
import { VideoThumbnail } from './video-thumbnail.tsx';
import { withNoBreakSpaces } from '@coulisses/domain/rules/no-break-spaces';

interface VideoCardProps {
  video: Video;
  /** Lines under the title, for example the creator. */
  meta?: ReactNode;
  /** Buttons at the bottom of the card. */
  actions: ReactNode;
  /** Among the cards on screen as the list opens (VideoSearchList). */
  firstScreen: boolean;
}

/** A video: its thumbnail opens it on YouTube in a new tab; its title; its actions. */
export function VideoCard({ video, meta, actions, firstScreen }: VideoCardProps) {
  return (
    <li className="card media-card video-card">
      <a href={video.video_url} target="_blank" rel="noopener noreferrer">
        <VideoThumbnail
          videoUrl={video.video_url}
          fallbackUrl={video.hor_img_url}
          fallbackThumbnailUrl={video.hor_img_thumb_url}
          alt={`${video.title} : voir sur YouTube (nouvel onglet)`}
          firstScreen={firstScreen}
        />
      </a>
      <div className="media-card-body">
        <h2 className="media-card-title">{withNoBreakSpaces(video.title)}</h2>
        {meta}
        <div className="media-card-actions">{actions}</div>
      </div>
    </li>
  );
}
