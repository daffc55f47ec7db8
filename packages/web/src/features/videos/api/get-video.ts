import type { Video } from '@coulisses/domain/schemas/videos';
import { useItem } from '../../../lib/item-query.ts';
import { VIDEOS_URL, videoKeys } from './video-keys.ts';

/** One video as its edit form opens it. */
export function useVideo(id: string) {
  return useItem<Video>(videoKeys, VIDEOS_URL, id);
}
