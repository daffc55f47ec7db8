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

/**
 * Moves a video to another place of the featured list (0 is the front, what the app shows first);
 * a place past the end means the end. Null when the video is no longer in the list.
 */
export function moveInList(list: readonly string[], videoId: string, to: number): string[] | null {
  const from = list.indexOf(videoId);
  if (from === -1) return null;
  const rest = list.filter((id) => id !== videoId);
  const place = Math.max(0, Math.min(to, rest.length));
  return [...rest.slice(0, place), videoId, ...rest.slice(place)];
}
