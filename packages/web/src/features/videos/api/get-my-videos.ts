import type { Video } from '@coulisses/domain/schemas/videos';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { myVideosList } from './video-keys.ts';

/** The signed-in creator's videos by title, 50 a page; a non-empty `search` is run by the server. */
export function useMyVideos(search: string) {
  return usePagedList<Video>(myVideosList(search));
}
