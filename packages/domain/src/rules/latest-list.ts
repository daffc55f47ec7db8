import { LATEST_VIDEOS_CAP } from '../constants/limits.ts';

/**
 * Appends a new video to the latest list (oldest first): while the list already holds the cap or
 * more, the oldest entries are dropped first, so it never grows beyond the cap.
 */
export function appendLatest(
  list: readonly string[],
  videoId: string,
  cap: number = LATEST_VIDEOS_CAP,
): string[] {
  const rest = list.filter((id) => id !== videoId);
  return [...rest.slice(Math.max(0, rest.length - (cap - 1))), videoId];
}
