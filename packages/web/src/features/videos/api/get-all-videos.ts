import type { AdminVideo } from '@coulisses/domain/schemas/videos';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { allVideosList } from './video-keys.ts';

/** Every video (superadmin), by title, 50 a page; a non-empty `search` is run by the server. */
export function useAllVideos(search: string) {
  return usePagedList<AdminVideo>(allVideosList(search));
}
