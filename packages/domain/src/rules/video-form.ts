import { MESSAGES } from '../messages.ts';
import { normaliseYoutubeLink } from './youtube-link.ts';

export interface VideoForm {
  title: string;
  link: string;
  categories: readonly string[];
  hasHorizontal: boolean;
  hasVertical: boolean;
}

/**
 * The first problem of an add-video form, in the spec's order (something missing, then the link),
 * or null when it can be sent. The web checks before sending and the server checks again.
 */
export function videoFormProblem(form: VideoForm): { message: string; field: string } | null {
  const missing = [
    !form.title.trim() && 'title',
    !form.link.trim() && 'link',
    form.categories.length === 0 && 'categories',
    !form.hasHorizontal && 'horizontal',
    !form.hasVertical && 'vertical',
  ].find((field): field is string => !!field);
  if (missing) return { message: MESSAGES.videoFieldsMissing, field: missing };
  if (normaliseYoutubeLink(form.link) === null) return { message: MESSAGES.invalidYoutubeUrl, field: 'link' };
  return null;
}
