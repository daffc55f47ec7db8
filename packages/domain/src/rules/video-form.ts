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
 * Every problem of an add-video form, field by field, in the spec's order (what is missing, then
 * the link): a missing field carries the spec's whole sentence, a bad link its own.
 */
export function videoFormProblems(form: VideoForm): { field: string; message: string }[] {
  const missing = [
    !form.title.trim() && 'title',
    !form.link.trim() && 'link',
    form.categories.length === 0 && 'categories',
    !form.hasHorizontal && 'horizontal',
    !form.hasVertical && 'vertical',
  ].filter((field): field is string => !!field);
  const problems: { field: string; message: string }[] = missing.map((field) => ({
    field,
    message: MESSAGES.videoFieldsMissing,
  }));
  if (form.link.trim() && normaliseYoutubeLink(form.link) === null)
    problems.push({ field: 'link', message: MESSAGES.invalidYoutubeUrl });
  return problems;
}

/**
 * The first problem of an add-video form, or null when it can be sent. The web checks before
 * sending and the server checks again.
 */
export function videoFormProblem(form: VideoForm): { message: string; field: string } | null {
  return videoFormProblems(form)[0] ?? null;
}
