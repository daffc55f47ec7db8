import { FEATURED_VIDEOS_MAX } from '../constants/limits.ts';

/**
 * Toggles a video in the featured list (front first): a video already in it leaves; any other
 * goes to the front, and the last entry is dropped when the list would exceed the maximum.
 */
export function toggleFeatured(
  list: readonly string[],
  videoId: string,
  max: number = FEATURED_VIDEOS_MAX,
): { list: string[]; featured: boolean } {
  if (list.includes(videoId)) return { list: list.filter((id) => id !== videoId), featured: false };
  return { list: [videoId, ...list].slice(0, max), featured: true };
}
