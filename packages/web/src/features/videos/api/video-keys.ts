import type { AdminVideo, Video } from '@coulisses/domain/schemas/videos';
import { pagedListOptions } from '../../../lib/paged-list-query.ts';

export const videoKeys = {
  all: ['videos'] as const,
  mine: (search: string) => ['videos', 'mine', search] as const,
  everyone: ['videos', 'everyone'] as const,
  featured: ['videos', 'featured'] as const,
  everyoneList: (search: string) => ['videos', 'everyone', search] as const,
  one: (id: string) => ['videos', 'one', id] as const,
};

export const VIDEOS_URL = '/api/videos';
export const MY_VIDEOS_URL = `${VIDEOS_URL}/mine`;

/** The signed-in creator's videos by title, 50 a page; a non-empty `search` is run by the server. */
export const myVideosList = (search: string) =>
  pagedListOptions<Video>(videoKeys.mine(search), MY_VIDEOS_URL, search);

/** Every video (superadmin), by title, 50 a page; a non-empty `search` is run by the server. */
export const allVideosList = (search: string) =>
  pagedListOptions<AdminVideo>(videoKeys.everyoneList(search), VIDEOS_URL, search);
